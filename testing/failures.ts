// The tests that failed in a run, named again at its very end: CI keeps only the tail of a run's
// output, and a failure printed twenty minutes earlier is lost there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { errorsFileOf, type UnhandledError } from './unhandledErrorsReporter.ts';

export interface VitestFileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
}

interface VitestReport {
  testResults: VitestFileResult[];
}

/** A file that failed outside its tests (an import, a beforeAll): no failed test of it to name or count. */
export const failedOutsideTests = (f: VitestFileResult) => f.status === 'failed' && !f.assertionResults.some((t) => t.status === 'failed');

interface PlaywrightSuite {
  file?: string;
  title: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

// The first line of an error says what, and a diff's changed lines say where (an assertion's
// first line often abbreviates both values alike); the stack is in the run's full output.
const errorSummary = (text = '') => {
  const lines = stripVTControlCharacters(text).trim().split('\n');
  const changed = lines.filter((l) => /^\s*[-+] /.test(l) && !/^\s*[-+] (Expected|Received)\b/.test(l)).slice(0, 8);
  return [lines[0]?.slice(0, 300) ?? '', ...changed.map((l) => `    ${l.trim().slice(0, 200)}`)].join('\n');
};

function vitestFailures(file: string, root: string): string[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  return report.testResults.flatMap((f) => {
    const where = path.relative(root, f.name);
    const tests = f.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${where} › ${t.fullName}\n    ${errorSummary(t.failureMessages?.[0])}`);
    if (failedOutsideTests(f)) return [`${where}\n    ${errorSummary(f.message)}`];
    return tests;
  });
}

/**
 * Errors thrown outside every test of a Vitest project (testing/unhandledErrorsReporter.ts): each
 * fails the run, so each is named and counted as a failure.
 */
export function vitestErrorsOutsideTests(jsonReport: string, project: string): string[] {
  const file = errorsFileOf(jsonReport);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as UnhandledError[]).map(
    (e) => `${project}: an error outside any test\n    ${errorSummary(e.stack ?? e.message)}`,
  );
}

/** Errors Playwright met outside every test (a worker that crashed, a setup or reporter error). */
export function playwrightErrorsOutsideTests(jsonReport: string): string[] {
  if (!existsSync(jsonReport)) return [];
  const { errors = [] } = JSON.parse(readFileSync(jsonReport, 'utf8')) as { errors?: { message?: string; stack?: string }[] };
  return errors.map((e) => `browser tests: an error outside any test\n    ${errorSummary(e.message ?? e.stack)}`);
}

/**
 * A command that failed while its report shows no failure, or that wrote no report: counted as
 * one failure, and named at the end, so a failed run never closes with "0 failed" or without a name.
 */
export function failedWithoutFailures(what: string, exitCode: number, failed: number, reported = true): string | undefined {
  if (!reported) return `${what} exited with code ${exitCode} and wrote no report: its output above says why`;
  if (exitCode === 0 || failed > 0) return undefined;
  return `${what} exited with code ${exitCode} and no failed test in its report: its output above says why`;
}

function playwrightFailures(file: string): string[] {
  if (!existsSync(file)) return [];
  const failed: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests.filter((t) => t.status === 'unexpected')) {
        const error = test.results.find((r) => r.error)?.error?.message;
        failed.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}\n    ${errorSummary(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ? titles : [...titles, child.title]);
  };
  for (const suite of (JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] }).suites) walk(suite, []);
  return failed;
}

/**
 * What failed, one entry per test or error outside the tests, then `others` (a step that failed
 * with nothing of the above to show for it), or an empty string when nothing did.
 */
export function failureReport(resultsDir: string, root: string, others: readonly string[] = []): string {
  const failed = [
    ...['unit', 'integration', 'stacks'].flatMap((project) => {
      const report = path.join(resultsDir, `vitest-${project}.json`);
      return [...vitestFailures(report, root), ...vitestErrorsOutsideTests(report, project)];
    }),
    ...playwrightFailures(path.join(resultsDir, 'playwright.json')),
    ...playwrightErrorsOutsideTests(path.join(resultsDir, 'playwright.json')),
    ...others,
  ];
  return failed.length === 0 ? '' : `Failed (${failed.length}):\n${failed.map((f) => `  ${f}`).join('\n')}`;
}
