// `CLASSPULSE_CPU_PER_TEST=1 npm test -- e2e`: the CPU seconds of each browser test, counted by the
// kernel in the browser step's control group (testing/cpuGroup.ts) from the test's start to its
// end, on one worker so that no other test's time falls between. Written, most expensive first
// and by spec, to test-results/cpu-per-test.txt: the figures to read before cutting CPU seconds
// (docs/decisions/testing.md, "What a browser test costs").
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from '@playwright/test/reporter';
import { ownGroupSeconds } from './cpuGroup.ts';

export interface TestCpu {
  /** The browser step's CPU seconds: Playwright and Chromium. */
  browser: number;
  /** The whole run's, the stack's work for the test included. */
  withStack: number;
  /** Its spec file, under web/e2e. */
  spec: string;
  /** `[project] file › title`. */
  what: string;
}

const sum = (rows: TestCpu[], key: 'browser' | 'withStack') => rows.reduce((total, row) => total + row[key], 0);

/** The report: every test, most expensive first, then each spec's total. */
export function cpuPerTestReport(rows: TestCpu[]): string {
  const line = (browser: number, withStack: number, what: string) =>
    `${browser.toFixed(2).padStart(7)} ${withStack.toFixed(2).padStart(7)}  ${what}`;
  const bySpec = new Map<string, TestCpu[]>();
  for (const row of rows) bySpec.set(row.spec, [...(bySpec.get(row.spec) ?? []), row]);
  const specs = [...bySpec].map(([spec, tests]) => ({
    browser: sum(tests, 'browser'),
    withStack: sum(tests, 'withStack'),
    spec,
    n: tests.length,
  }));
  return [
    `CPU seconds of ${rows.length} browser tests: ${sum(rows, 'browser').toFixed(1)} in the browser step, ${sum(rows, 'withStack').toFixed(1)} with the stack`,
    '',
    'browser   +stack  test',
    ...[...rows].sort((a, b) => b.browser - a.browser).map((r) => line(r.browser, r.withStack, r.what)),
    '',
    'browser   +stack  spec (tests)',
    ...specs.sort((a, b) => b.browser - a.browser).map((s) => line(s.browser, s.withStack, `${s.spec} (${s.n})`)),
  ].join('\n');
}

export default class CpuPerTestReporter implements Reporter {
  private started = new Map<string, { own: number; around: number }>();
  private rows: TestCpu[] = [];
  private root = process.cwd();

  printsToStdio() {
    return false;
  }

  onTestBegin(test: TestCase) {
    const now = ownGroupSeconds();
    if (now) this.started.set(test.id, now);
  }

  onTestEnd(test: TestCase) {
    const start = this.started.get(test.id);
    const now = ownGroupSeconds();
    if (!start || !now) return;
    const file = path.relative(path.join(this.root, 'web', 'e2e'), test.location.file);
    this.rows.push({
      browser: now.own - start.own,
      withStack: now.around - start.around,
      spec: file,
      what: `[${test.parent.project()?.name ?? ''}] ${file} › ${test.title}`,
    });
  }

  onEnd() {
    const report = this.rows.length
      ? cpuPerTestReport(this.rows)
      : 'No CPU seconds per test: this machine gives the run no control group (docs/testing.md).';
    writeFileSync(path.join(this.root, 'test-results', 'cpu-per-test.txt'), `${report}\n`);
  }
}
