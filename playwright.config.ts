import { defineConfig, devices } from '@playwright/test';
import { baseUrl } from './scripts/e2e-variants';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: baseUrl('main'),
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Issue #33: the control tests once more with the phone's 4x CPU slowdown (CDP, applied by the
    // spec), which stretches the time between first paint and hydration in which they act.
    {
      name: 'throttled',
      testMatch: /early-input\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
      metadata: { cpuThrottlingRate: 4 },
      timeout: 90_000,
      expect: { timeout: 30_000 },
    },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/support/serve.ts',
    url: `${baseUrl('main')}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
