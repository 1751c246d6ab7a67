import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../stack/config.ts';
import { failedWithoutFailures, failureReport, playwrightErrorsOutsideTests, vitestErrorsOutsideTests } from './failures.ts';

const REPORTER = path.join(ROOT, 'testing', 'unhandledErrorsReporter.ts');
const passingReport = { numFailedTests: 0, numPassedTests: 2, testResults: [] };

/** Runs one test file of `source` in a Vitest of its own, with the runner's reporters. */
async function runVitest(source: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'unhandled-'));
  writeFileSync(path.join(dir, 'one.test.js'), source);
  const report = path.join(dir, 'vitest-unit.json');
  const { exitCode } = await execa(
    'vitest',
    ['run', '--root', dir, '--globals', '--reporter=json', `--reporter=${REPORTER}`, `--outputFile.json=${report}`],
    { cwd: ROOT, preferLocal: true, reject: false },
  );
  return { dir, report, exitCode };
}

describe('errors outside any test', () => {
  it('are kept by the reporter when Vitest exits 1 with every test passed, and named and counted', async () => {
    const { dir, report, exitCode } = await runVitest(
      `test('passes, and leaves a rejection behind', () => {
         setTimeout(() => Promise.reject(new Error('thrown after the test')), 0);
       });
       test('waits a moment', () => new Promise((resolve) => setTimeout(resolve, 50)));`,
    );
    // What the runner met: a failed command beside a report of passed tests.
    expect(exitCode).toBe(1);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ numFailedTests: 0, numPassedTests: 2 });

    const errors = vitestErrorsOutsideTests(report, 'unit');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^unit: an error outside any test\n {4}Error: thrown after the test/);
    expect(failureReport(dir, ROOT)).toContain('Failed (1):\n  unit: an error outside any test');
  });

  it('a run without them writes an empty list, and nothing is named', async () => {
    const { dir, exitCode } = await runVitest(`test('passes', () => {});`);
    expect(exitCode).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'vitest-unit.errors.json'), 'utf8'))).toEqual([]);
    expect(failureReport(dir, ROOT)).toBe('');
  });

  it("Playwright's errors outside its tests are named", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'unhandled-'));
    const report = path.join(dir, 'playwright.json');
    writeFileSync(
      report,
      JSON.stringify({ suites: [], stats: {}, errors: [{ message: 'Error: worker process exited unexpectedly (code=1)' }] }),
    );
    expect(playwrightErrorsOutsideTests(report)).toEqual([
      'browser tests: an error outside any test\n    Error: worker process exited unexpectedly (code=1)',
    ]);
  });
});

describe('failedWithoutFailures', () => {
  it('names a command that failed with no failure in its report', () => {
    expect(failedWithoutFailures('Playwright', 1, 0)).toBe(
      'Playwright exited with code 1 and no failed test in its report: its output above says why',
    );
  });

  it('names a command that wrote no report, whatever its exit code', () => {
    expect(failedWithoutFailures('Vitest (integration)', 1, 1, false)).toBe(
      'Vitest (integration) exited with code 1 and wrote no report: its output above says why',
    );
  });

  it('says nothing when the command passed, or when its report names what failed', () => {
    expect(failedWithoutFailures('Playwright', 0, 0)).toBeUndefined();
    expect(failedWithoutFailures('Vitest (unit)', 1, 2)).toBeUndefined();
  });

  it('is listed after the tests in the closing report', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'unhandled-'));
    writeFileSync(path.join(dir, 'vitest-unit.json'), JSON.stringify(passingReport));
    expect(failureReport(dir, ROOT, ['Vitest (unit) exited with code 1 and no failed test in its report: its output above says why'])).toBe(
      'Failed (1):\n  Vitest (unit) exited with code 1 and no failed test in its report: its output above says why',
    );
  });
});
