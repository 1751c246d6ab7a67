// CPU seconds (user + system) of a step of `npm test` and of everything it started: the figure that
// hardly moves with the host's load, where the wall time doubles on a busy machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The control group testing/with-cpu.mjs runs its command in, when the runner made one (cpuGroup.ts). */
export const CPU_GROUP_VARIABLE = 'CLASSPULSE_CPU_GROUP';

/** The script that runs a step's command and writes the CPU seconds of it and its descendants. */
export const WITH_CPU = fileURLToPath(new URL('./with-cpu.mjs', import.meta.url));

/**
 * Fields 14–17 of /proc/<pid>/stat (utime, stime, cutime, cstime: the process's own time, and
 * that of its children it has waited for, each of theirs included), in seconds. The command name
 * (field 2) may hold spaces and parentheses: the fields are counted after its last ')'.
 */
export function cpuOfStat(stat: string, ticksPerSecond: number): { own: number; children: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = (n: number) => Number(fields[n - 3]);
  return { own: (ticks(14) + ticks(15)) / ticksPerSecond, children: (ticks(16) + ticks(17)) / ticksPerSecond };
}

let clockTicks: number | undefined;
export function ticksPerSecond(): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return clockTicks;
}

/** This process's CPU seconds, its own and its waited-for children's (0 where /proc is missing). */
export function cpuOfThisProcess(): { own: number; children: number } {
  try {
    return cpuOfStat(readFileSync('/proc/self/stat', 'utf8'), ticksPerSecond());
  } catch {
    return { own: 0, children: 0 };
  }
}

/** The CPU seconds a step's wrapper wrote (testing/with-cpu.mjs), or 0. */
export function readStepCpu(file: string): number {
  try {
    return Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
}
