import { expect, it } from 'vitest';

it('zod loads after the app set it jitless, so it never probes for eval under the CSP', async () => {
  await import('./zod-config');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
