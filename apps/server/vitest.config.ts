import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's module graph instead of importing the app, its
    // drivers and PGlite's WASM afresh for each: that import was about half of
    // the suite's CPU. Each file still opens its own database and app, and no
    // server test mocks a module or changes the environment.
    isolate: false,
  },
});
