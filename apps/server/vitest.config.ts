import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A test that takes seconds alone can take ten times that on a machine
    // running three jobs per core; a passing test never waits for the limit.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Files share a worker's module graph instead of importing the app, its
    // drivers and PGlite's WASM afresh for each: that import was about half of
    // the suite's CPU. Each file still opens its own database and app, and no
    // server test mocks a module or changes the environment.
    isolate: false,
  },
});
