// `node testing/with-cpu.mjs <file> <command> [args…]`: runs the command (output and exit code
// passed through) and writes to <file> the CPU seconds (user + system) of the command and every
// process under it that its parent waited for: this process's children's time, in /proc/self/stat,
// once the command has exited and been waited for. Plain JavaScript: no loader to pay for.
// With CLASSPULSE_CPU_GROUP set (testing/cpu.ts), it first moves itself into that control group,
// so that the runner counts the command's processes there, those reparented to init included.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [file, command, ...args] = process.argv.slice(2);
const { CLASSPULSE_CPU_GROUP: group, ...env } = process.env;
if (group) {
  try {
    writeFileSync(`${group}/cgroup.procs`, String(process.pid));
  } catch (error) {
    // The command still runs; only its CPU seconds go uncounted, and the line would show too few.
    console.error(`with-cpu: could not enter ${group} (${error.message}): this step's CPU seconds are not counted`);
  }
}
const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(127);
});
child.on('close', (code, signal) => {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    writeFileSync(file, String((Number(fields[16 - 3]) + Number(fields[17 - 3])) / ticks));
  } catch {
    // No /proc (not Linux): no figure.
  }
  process.exit(code ?? (signal ? 128 : 1));
});
