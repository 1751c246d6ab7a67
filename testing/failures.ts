// The tests that failed in a run, named again at its very end: CI keeps only the tail of a run's
// output, and a failure printed twenty minutes earlier is lost there.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

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

/** What failed, one entry per test, or an empty string when nothing did. */
export function failureReport(resultsDir: string, root: string): string {
  const failed = [
    ...['unit', 'integration', 'stacks'].flatMap((project) => vitestFailures(path.join(resultsDir, `vitest-${project}.json`), root)),
    ...playwrightFailures(path.join(resultsDir, 'playwright.json')),
  ];
  return failed.length === 0 ? '' : `Failed (${failed.length}):\n${failed.map((f) => `  ${f}`).join('\n')}`;
}
