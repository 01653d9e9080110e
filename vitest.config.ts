import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web',
      // Relative links in docs/ and the README must resolve; test:mutants' texts must exist.
      { test: { name: 'docs', include: ['scripts/**/*.test.mjs'] } },
    ],
    // Vitest keeps one core for itself by default, which on a 2-core machine
    // leaves one worker and half the machine idle: the main process only
    // collects results, and the workers spend their time in PGlite.
    maxWorkers: availableParallelism(),
  },
});
