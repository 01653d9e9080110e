import { z } from 'zod';
import { LANGUAGES } from './language-codes';

// The schema apart from the codes and helpers (language-codes.ts): the web app's
// first page reads those without loading zod.
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
