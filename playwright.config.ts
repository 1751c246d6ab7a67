import { defineConfig, devices } from '@playwright/test';

// `npm test` (testing/run.ts) starts the stack, builds and serves the web app, then sets these.
const baseURL = process.env.CLASSPULSE_WEB_URL ?? 'http://127.0.0.1:4173';
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Debian's Chromium: Playwright's own browser download is not available on our machines.
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'web/e2e',
  // CI is one busy 2-core machine: the app can take seconds to start there, so tests wait on their
  // conditions longer than Playwright's 5 s before calling them failed.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One browser at a time: on two cores, two workers starve each other's pages (the prerendered
  // pages' takeover missed 10 s), while one worker runs the same spec about as fast.
  workers: 1,
  retries: 0,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // The test runner counts results from the JSON report it asks for.
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : 'list',
  use: { baseURL, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(resilience|privacy)\.spec\.ts/,
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testIgnore: /(resilience|privacy)\.spec\.ts/,
      use: { ...chromium, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
    // Stops the test stack's Postgres: runs alone, after every other browser test.
    {
      name: 'resilience',
      testMatch: /resilience\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    // Scans the database for anything identifying once every browser test has written to it.
    {
      name: 'privacy',
      testMatch: /privacy\.spec\.ts/,
      dependencies: ['resilience'],
    },
  ],
});
