// The stack's processes, read from Linux /proc (read-only): this Node process (gateway, auth and
// inbox, and the load generator), and its children: Postgres (the postmaster and its own
// children), PostgREST, and one Deno per function. The soak reads their memory, saturation their
// CPU time.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

export function kbField(text: string | undefined, field: string): number {
  const match = text && new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

export function childrenOf(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(/^PPid:\s+(\d+)/m.exec(readProc(Number(entry), 'status') ?? '')?.[1] ?? -1);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid)!.push(Number(entry));
  }
  return children;
}

export function nameOf(pid: number): string {
  const argv0 = (readProc(pid, 'cmdline') ?? '').split('\0')[0];
  const binary = path.basename(argv0);
  if (binary === 'deno') {
    try {
      return `deno fn:${path.basename(readlinkSync(`/proc/${pid}/cwd`))}`;
    } catch {
      return 'deno';
    }
  }
  return binary || `pid ${pid}`;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time used so far, in ms, per part of the stack. Postgres counts its postmaster and live
 * children, plus the children that have exited (the postmaster's cutime and cstime).
 */
export function cpuOf(): Record<string, number> {
  const children = childrenOf();
  const ms: Record<string, number> = {};
  const ticks = (pid: number, withExited = false) => {
    // Fields after the command (which may hold spaces) start at field 3; utime is field 14.
    const stat = readProc(pid, 'stat') ?? '';
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [utime, stime, cutime, cstime] = fields.slice(11, 15);
    return (utime ?? 0) + (stime ?? 0) + (withExited ? (cutime ?? 0) + (cstime ?? 0) : 0);
  };
  const usage = process.cpuUsage();
  ms['node (gateway; load generator)'] = (usage.user + usage.system) / 1000;
  for (const pid of children.get(process.pid) ?? []) {
    const name = nameOf(pid);
    if (name === 'postgres') {
      const tree = (children.get(pid) ?? []).reduce((sum, child) => sum + ticks(child), ticks(pid, true));
      ms.postgres = (ms.postgres ?? 0) + (tree * 1000) / TICKS_PER_SECOND;
    } else if (name === 'postgrest' || name === 'pgbouncer' || name.startsWith('deno')) {
      ms[name] = (ms[name] ?? 0) + (ticks(pid) * 1000) / TICKS_PER_SECOND;
    }
  }
  return ms;
}
