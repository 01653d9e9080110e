import { defineProject } from 'vitest/config';

// Property tests run hundreds of cases: a second alone, longer on a loaded machine.
export default defineProject({ test: { name: 'domain', include: ['src/**/*.test.ts'], testTimeout: 60_000 } });
