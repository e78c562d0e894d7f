import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/chromium';

export default defineConfig({
  testDir: 'e2e',
  // Each test starts its own server on its own data folder (e2e/fixtures.ts), so tests are
  // independent; two workers match the two cores of the machines this runs on.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/reports/playwright.json' }]],
  forbidOnly: Boolean(process.env.CI),
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
