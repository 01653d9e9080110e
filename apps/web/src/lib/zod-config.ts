import { z } from 'zod';

// zod compiles fast parsers with `new Function`, probing for it first: under
// the app's Content-Security-Policy (no 'unsafe-eval') that probe is a
// reported violation. Parsing without it is fast enough for form-sized data.
z.config({ jitless: true });
