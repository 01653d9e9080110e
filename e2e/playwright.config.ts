import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Each screen is checked by axe at two widths; on a shared 2-core machine a
  // step that takes 10 s alone can take three times that. Passing runs do not wait longer.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  globalSetup: './support/global-setup.ts',
  use: {
    // global-setup starts the app on a free port and publishes its address here.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
      },
    },
  ],
});
