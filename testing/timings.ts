// The per-test timing report of a run (test-results/timings.txt): every Vitest file and every
// browser test with its duration, slowest first, read from the runners' JSON reports. The runner
// prints the slowest few of each, so that a test that grows slow shows in every run's output.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Timed {
  seconds: number;
  what: string;
}

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { projectName: string; results: { duration: number }[] }[] }[];
}

function vitestFiles(file: string, root: string): Timed[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  return report.testResults.map((f) => ({
    seconds: (f.endTime - f.startTime) / 1000,
    what: `${path.relative(root, f.name)} (${f.assertionResults.length} tests)`,
  }));
}

function playwrightTests(file: string): Timed[] {
  if (!existsSync(file)) return [];
  const timed: Timed[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const seconds = test.results.reduce((sum, r) => sum + r.duration, 0) / 1000;
        timed.push({ seconds, what: `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}` });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ? titles : [...titles, child.title]);
  };
  for (const suite of (JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] }).suites) walk(suite, []);
  return timed;
}

const slowestFirst = (rows: Timed[]) => [...rows].sort((a, b) => b.seconds - a.seconds);
const format = (rows: Timed[]) => rows.map((r) => `${r.seconds.toFixed(1).padStart(7)} s  ${r.what}`).join('\n');
const total = (rows: Timed[]) => rows.reduce((sum, r) => sum + r.seconds, 0);

/** Writes `timings.txt` in `resultsDir` and returns a short summary: the slowest `top` of each runner. */
export function timingReport(resultsDir: string, root: string, top = 8): string {
  const sections: [string, Timed[]][] = [
    ['Vitest files (unit)', vitestFiles(path.join(resultsDir, 'vitest-unit.json'), root)],
    [
      'Vitest files (integration)',
      ['integration', 'stacks'].flatMap((project) => vitestFiles(path.join(resultsDir, `vitest-${project}.json`), root)),
    ],
    ['Browser tests', playwrightTests(path.join(resultsDir, 'playwright.json'))],
  ];
  const present = sections.filter(([, rows]) => rows.length > 0);
  const heading = (name: string, rows: Timed[]) => `${name}: ${rows.length}, ${Math.round(total(rows))} s in all`;
  writeFileSync(
    path.join(resultsDir, 'timings.txt'),
    present.map(([name, rows]) => `${heading(name, rows)}\n${format(slowestFirst(rows))}\n`).join('\n'),
  );
  return present.map(([name, rows]) => `${heading(name, rows)}; the slowest:\n${format(slowestFirst(rows).slice(0, top))}`).join('\n');
}
