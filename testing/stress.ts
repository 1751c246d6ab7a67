// `npm run test:stress [-- <npm test arguments>]`: `npm test` on a busy machine. One CPU hog per
// core runs beside it at the lowest priority (nice 19), as other jobs keep CI's two cores busy; the
// tests get the CPU first, but every wait, poll and timeout meets a machine that is never idle. A
// test that fails only this way is a test bug (docs/testing.md, "Under load").
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const HOG = 'for(;;){}';
const cores = Number(process.env.STRESS_HOGS ?? os.availableParallelism());

const hogs: ChildProcess[] = Array.from({ length: cores }, () =>
  spawn('nice', ['-n', '19', process.execPath, '-e', HOG], { stdio: 'ignore' }),
);
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

console.log(`test:stress: ${cores} CPU hog${cores === 1 ? '' : 's'} at nice 19 beside npm test`);
const run = fileURLToPath(new URL('./run.ts', import.meta.url));
const tests = spawn(process.execPath, ['--import', 'tsx', run, ...process.argv.slice(2)], { stdio: 'inherit' });
tests.on('close', (code) => process.exit(code ?? 1));
