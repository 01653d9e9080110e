import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Typing into Mantine forms takes seconds when the machine is shared, and
    // tens of seconds at three jobs per core; a passing test never waits for the limit.
    testTimeout: 60_000,
    // One jsdom and one module graph per worker instead of per file: importing
    // React, Mantine and jsdom again for each file cost most of the run.
    // What a file changes globally is undone after each test.
    isolate: false,
    unstubGlobals: true,
    restoreMocks: true,
  },
});
