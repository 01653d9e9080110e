import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:deploy`: the built server run as operators run it — signals,
 * several processes on one database, backups. Needs `npm run build` first and
 * PostgreSQL at TEST_DATABASE_URL for the two-process test.
 */
export default defineConfig({
  test: {
    name: 'deploy',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['deploy/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
