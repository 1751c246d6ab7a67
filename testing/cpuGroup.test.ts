import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CPU_GROUP_VARIABLE, WITH_CPU, readStepCpu } from './cpu.ts';
import { newCpuGroup, ownGroup, ownGroupSeconds, removeStaleGroups, secondsOfCpuStat } from './cpuGroup.ts';

describe('ownGroup', () => {
  const proc = ['12:pids:/', '4:memory:/sandbox/7', '2:cpu,cpuacct:/ci/job', '0::/user.slice/test'].join('\n');

  it('finds the cgroup v1 group of a controller, also where it shares its hierarchy', () => {
    expect(ownGroup(proc, 'cpuacct')).toBe('/ci/job');
    expect(ownGroup(proc, 'memory')).toBe('/sandbox/7');
  });

  it('finds the cgroup v2 group, and nothing for a controller that is not mounted', () => {
    expect(ownGroup(proc, '')).toBe('/user.slice/test');
    expect(ownGroup('0::/', 'cpuacct')).toBeUndefined();
  });
});

describe('secondsOfCpuStat', () => {
  it('reads usage_usec in seconds', () => {
    expect(secondsOfCpuStat('usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n')).toBe(2.5);
  });

  it('refuses a file without it', () => {
    expect(() => secondsOfCpuStat('nr_periods 0\n')).toThrow('usage_usec');
  });
});

// Where this machine lets control groups be made (CI's does): the kernel's count is the one that
// sees a process whose parent exited, as Chromium's renderers are; the waited-for count is not.
const probe = newCpuGroup(`classpulse-cpu-probe-${process.pid}`);
probe?.remove();

describe.skipIf(!probe)('a step counted in a control group', () => {
  it('counts a process reparented to init, which waited-for time misses', { timeout: 20_000 }, async () => {
    const group = newCpuGroup(`classpulse-cpu-test-${process.pid}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'classpulse-cpu-'));
    const file = path.join(dir, 'cpu.txt');
    try {
      const busy = `const t = Date.now(); while (Date.now() - t < 600) {}`;
      // The shell starts the busy process in the background and exits at once: it is orphaned.
      execFileSync('node', [WITH_CPU, file, 'sh', '-c', `node -e '${busy}' &`], {
        env: { ...process.env, [CPU_GROUP_VARIABLE]: group!.path },
      });
      const procs = () => readFileSync(path.join(group!.path, 'cgroup.procs'), 'utf8').trim();
      await expect.poll(procs, { timeout: 15_000 }).toBe('');
      expect(group!.seconds()).toBeGreaterThan(0.5);
      expect(readStepCpu(file)).toBeLessThan(0.3);
    } finally {
      group!.remove();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads this process's group and the one around it, which holds it", () => {
    const before = ownGroupSeconds()!;
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user < 300_000);
    const after = ownGroupSeconds()!;
    expect(after.own - before.own).toBeGreaterThanOrEqual(0.29);
    expect(after.around - before.around).toBeGreaterThanOrEqual(after.own - before.own);
  });

  it('removes the groups of a run that has exited, and keeps those of one still running', () => {
    // Above the kernel's largest pid: no process has it.
    const gone = newCpuGroup('classpulse-cpu-stale-4194305')!;
    gone.child('e2e-1');
    const running = newCpuGroup(`classpulse-cpu-stale-${process.pid}`)!;
    try {
      removeStaleGroups('classpulse-cpu-stale-');
      expect(existsSync(gone.path)).toBe(false);
      expect(existsSync(running.path)).toBe(true);
    } finally {
      gone.remove();
      running.remove();
    }
  });
});
