// The CPU seconds of a step of `npm test` counted by the kernel, in a control group: every process
// put in it, and everything those start, stays in it, orphans included. Counting only waited-for
// children misses most of a browser: Chromium's zygote forks each renderer so that it is
// reparented to init, and its time then reaches no ancestor of the step (docs/testing.md).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where control groups can be made: cgroup v1's cpuacct hierarchy, or the cgroup v2 one. */
interface Hierarchy {
  /** This process's own group: new groups go under it, and it comes back to it. */
  home: string;
  /** The CPU seconds a group's processes and its subgroups' have used. */
  seconds(group: string): number;
}

export interface CpuGroup {
  path: string;
  /** CPU seconds (user + system) of every process that has been in the group or its subgroups. */
  seconds(): number;
  /** Moves a process (and, from then on, what it starts) into the group. */
  enter(pid: number): void;
  /** A group inside this one: its time counts in this one's too. */
  child(name: string): CpuGroup | undefined;
  /** Removes the group and its subgroups where they are empty (a process still exiting keeps one). */
  remove(): void;
}

const V1_CPUACCT = '/sys/fs/cgroup/cpuacct';

/** This process's group in the hierarchy with `controller` ("" for cgroup v2), from /proc/self/cgroup. */
export function ownGroup(procSelfCgroup: string, controller: string): string | undefined {
  for (const line of procSelfCgroup.split('\n')) {
    const [, controllers, group] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (group !== undefined && (controller === '' ? controllers === '' : controllers!.split(',').includes(controller))) return group;
  }
  return undefined;
}

/** `usage_usec` of a cgroup v2 `cpu.stat`, in seconds. */
export function secondsOfCpuStat(stat: string): number {
  const usec = /^usage_usec (\d+)$/m.exec(stat)?.[1];
  if (usec === undefined) throw new Error('cpu.stat has no usage_usec');
  return Number(usec) / 1e6;
}

function hierarchy(): Hierarchy | undefined {
  const proc = readFileSync('/proc/self/cgroup', 'utf8');
  const v1 = ownGroup(proc, 'cpuacct');
  if (v1 !== undefined && existsSync(path.join(V1_CPUACCT, 'cpuacct.usage'))) {
    return { home: path.join(V1_CPUACCT, v1), seconds: (group) => Number(readFileSync(path.join(group, 'cpuacct.usage'), 'utf8')) / 1e9 };
  }
  // The v2 hierarchy: the whole of /sys/fs/cgroup, or /sys/fs/cgroup/unified beside v1 controllers.
  const mount = ['/sys/fs/cgroup', '/sys/fs/cgroup/unified'].find((dir) => existsSync(path.join(dir, 'cgroup.subtree_control')));
  const v2 = ownGroup(proc, '');
  if (!mount || v2 === undefined) return undefined;
  return { home: path.join(mount, v2), seconds: (group) => secondsOfCpuStat(readFileSync(path.join(group, 'cpu.stat'), 'utf8')) };
}

/** Removes a group and the groups inside it, where they are empty. */
function removeTree(dir: string): void {
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) removeTree(path.join(dir, entry.name));
    rmdirSync(dir);
  } catch {
    // Not empty (a process in it), or gone already.
  }
}

function group(dir: string, h: Hierarchy): CpuGroup {
  return {
    path: dir,
    seconds: () => h.seconds(dir),
    enter: (pid) => writeFileSync(path.join(dir, 'cgroup.procs'), String(pid)),
    child: (name) => makeGroup(path.join(dir, name), h),
    remove: () => removeTree(dir),
  };
}

function makeGroup(dir: string, h: Hierarchy): CpuGroup | undefined {
  try {
    mkdirSync(dir);
    const made = group(dir, h);
    made.seconds(); // A group the kernel does not count in is no group for this.
    return made;
  } catch {
    return undefined;
  }
}

/**
 * The CPU seconds of this process's own group and of the group around it (for a step of
 * `npm test`: the step's, and the whole run's, the stack's included; the own group's again at the
 * hierarchy's root), or undefined without a hierarchy to read.
 */
export function ownGroupSeconds(): { own: number; around: number } | undefined {
  try {
    const h = hierarchy();
    if (!h) return undefined;
    const own = h.seconds(h.home);
    let around = own;
    try {
      around = h.seconds(path.dirname(h.home));
    } catch {
      // This process's group is the hierarchy's root: nothing is around it.
    }
    return { own, around };
  } catch {
    return undefined;
  }
}

/** A new, empty group under this process's own, or undefined where none can be made. */
export function newCpuGroup(name: string): (CpuGroup & { home: string }) | undefined {
  let h: Hierarchy | undefined;
  try {
    h = hierarchy();
  } catch {
    return undefined;
  }
  const made = h && makeGroup(path.join(h.home, name), h);
  return made && h ? { ...made, home: h.home } : undefined;
}

/**
 * Removes the groups named `<prefix><pid>` whose process has exited: a run stopped with Ctrl-C
 * leaves its groups behind, empty once its processes are gone.
 */
export function removeStaleGroups(prefix: string): void {
  try {
    const h = hierarchy();
    if (!h) return;
    for (const entry of readdirSync(h.home)) {
      const pid = entry.startsWith(prefix) ? Number(entry.slice(prefix.length)) : Number.NaN;
      if (Number.isInteger(pid) && pid > 0 && !existsSync(`/proc/${pid}`)) removeTree(path.join(h.home, entry));
    }
  } catch {
    // No hierarchy to tidy.
  }
}

/**
 * A new group for this process and all it starts, or undefined where none can be made (not Linux,
 * no control groups mounted, or not allowed to write them): the runner then counts waited-for
 * children only, and says so. `leave()` moves this process back to where it was.
 */
export function cpuGroupForThisProcess(name: string): (CpuGroup & { leave(): void }) | undefined {
  const made = newCpuGroup(name);
  if (!made) return undefined;
  try {
    made.enter(process.pid);
  } catch {
    made.remove();
    return undefined;
  }
  return {
    ...made,
    leave: () => {
      try {
        writeFileSync(path.join(made.home, 'cgroup.procs'), String(process.pid));
      } catch {
        // Staying in the group changes nothing but the group's removal.
      }
    },
  };
}
