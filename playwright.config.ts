import { defineConfig, devices } from '@playwright/test';
import { headlessShell } from './web/e2e/support/browser';
import { TIME_ZONE } from './web/e2e/support/timeZone';

// `npm test` (testing/run.ts) starts the stack, builds and serves the web app, then sets these.
const baseURL = process.env.CLASSPULSE_WEB_URL ?? 'http://127.0.0.1:4173';
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
// `CLASSPULSE_CPU_PER_TEST=1 npm test -- e2e`: each test's CPU seconds, on one worker
// (testing/cpuPerTestReporter.ts, written to test-results/cpu-per-test.txt).
const cpuPerTest = Boolean(process.env.CLASSPULSE_CPU_PER_TEST);

const chromium = { ...devices['Desktop Chrome'], launchOptions: headlessShell };

/**
 * Each browser test runs at the one width its subject needs (docs/testing.md, "Widths"):
 * the student's pages at a phone's 375 px (where a class QR code opens them), everything else at
 * 1280 px. A test tagged `@both` is about the layout itself (the header and its phone menu, the
 * keyboard walk, every page with axe in every-page.spec.ts) and runs at both; `@phone` runs at
 * 375 px alone. Playwright matches these against "project file describe title tags".
 */
const PHONE_FILE = String.raw`\b(student-[a-z-]+|offline-submission|way-back|form-before-app)\.spec\.ts\b`;
const atPhoneWidth = [new RegExp(PHONE_FILE), /@both\b/, /@phone\b/];
const atDesktopWidth = { grepInvert: [new RegExp(`^(?=.*${PHONE_FILE})(?!.*@both\\b)`), /@phone\b/] };

export default defineConfig({
  testDir: 'web/e2e',
  // Not test-results/ itself, which Playwright empties first: the runner keeps Vitest's report and
  // the stack's log there.
  outputDir: 'test-results/playwright',
  // CI is one busy 2-core machine: the app can take seconds to start there, so tests wait on their
  // conditions longer than Playwright's 5 s before calling them failed.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at a time, set by measurement: with the trace's screencast off, one worker left
  // the cores idle a fifth of the time; two ran a sample 18 % faster and the 149 browser tests in
  // 11.1 minutes, none failing (docs/decisions/testing.md).
  workers: cpuPerTest ? 1 : 2,
  retries: 0,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // The test runner counts results from the JSON report it asks for.
  reporter: [
    ['list'],
    ...(jsonReport ? [['json', { outputFile: jsonReport }] as const] : []),
    ...(cpuPerTest ? [['./testing/cpuPerTestReporter.ts'] as const] : []),
  ],
  // Locally a failed test keeps its trace with DOM snapshots, not a screencast: the screencast's
  // frames, encoded for every test, cost about a quarter of the browser tests' time. CI keeps only
  // the run's output, so it records no trace at all: the snapshots of every action of every test
  // cost about a tenth more (docs/decisions/testing.md).
  // Every browser in one zone, the one the tests give their courses (web/e2e/support/timeZone.ts).
  use: {
    baseURL,
    timezoneId: TIME_ZONE,
    reducedMotion: 'reduce',
    // Only the specs about the service worker let it in (test.use in repeat-visit, offline-submission
    // and reply-notifications): every page registers it, and its install downloads the precache
    // (3.4 MB, 130 files) in every test's fresh browser (docs/decisions/testing.md).
    serviceWorkers: 'block',
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(resilience|privacy)\.spec\.ts/,
      ...atDesktopWidth,
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testIgnore: /(resilience|privacy)\.spec\.ts/,
      grep: atPhoneWidth,
      use: { ...chromium, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
    // Stops the test stack's Postgres: runs alone, after every other browser test, one test at a
    // time (two repeats of it at once, `--repeat-each`, would stop and start the one Postgres together).
    {
      name: 'resilience',
      testMatch: /resilience\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
      workers: 1,
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
