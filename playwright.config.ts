import { defineConfig, devices } from '@playwright/test';
import { baseUrl } from './tools/build/e2eVariants';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tools/lib/chromium';

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
  // Baselines are committed beside the test file, one PNG a state, named by the test (no platform
  // suffix: the fonts are pinned, see the visual project).
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
  projects: [
    {
      name: 'desktop',
      testIgnore: /(visual|bundle)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The control tests once more with the phone's 4x CPU slowdown (CDP, applied by the test
    // file), which stretches the time between first paint and hydration in which they act.
    {
      name: 'throttled',
      testMatch: /early-input\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
      metadata: { cpuThrottlingRate: 4 },
      timeout: 90_000,
      expect: { timeout: 30_000 },
    },
    // What a reader sees (tests/e2e/visual.spec.ts). Chromium sees only the fonts of
    // tests/e2e/visual/fonts.conf (Debian packages .ci/run installs), so a screenshot does not
    // depend on the machine; the tolerance absorbs anti-aliasing, not a moved or clipped line.
    {
      name: 'visual',
      testMatch: /visual\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS, '--force-color-profile=srgb', '--hide-scrollbars'],
          env: { ...process.env, FONTCONFIG_FILE: `${process.cwd()}/tests/e2e/visual/fonts.conf` },
        },
      },
      expect: { toHaveScreenshot: { maxDiffPixels: 200, threshold: 0.2, animations: 'disabled', caret: 'hide' } },
    },
    // The offline bundle (tests/e2e/bundle.spec.ts) runs its own server from the tarball that
    // `npm run build:e2e` makes; it uses none of the suite's servers (Playwright starts them anyway).
    {
      name: 'bundle',
      testMatch: /bundle\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
      timeout: 120_000,
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
