import fc from 'fast-check';
import { afterEach, vi } from 'vitest';

// Any console.error in a test is a bug the test did not expect: fail it.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});

// CI replays the same property runs every time, so a submission is judged on
// its code and not on which random cases it drew; locally each run draws new
// ones (FC_SEED replays a printed failure anywhere).
if (process.env.FC_SEED || process.env.CI) fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261124) });
