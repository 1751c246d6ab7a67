// `npm run bench`: measures what the issues set targets for and writes bench/results.json.
// A benchmark, not a test: it prints figures and never fails on a missed target.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../stack/config.ts';
import { measureColdStart, measureStartToFirstPage } from './cold-start.ts';

const results: Record<string, unknown> = {};
const rows: [string, string, string][] = [];

const stackSeconds = await measureColdStart();
results.stack_cold_start_s = stackSeconds;
rows.push(['local stack cold start (fresh database)', `${stackSeconds.toFixed(2)} s`, '—']);

const startSeconds = await measureStartToFirstPage();
results.cold_start_s = startSeconds;
rows.push(['npm start → first page', `${startSeconds.toFixed(2)} s`, '< 10 s']);

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${'measure'.padEnd(width)}  ${'result'.padStart(10)}  target`);
for (const [name, value, target] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${target}`);
writeFileSync(path.join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to bench/results.json');
