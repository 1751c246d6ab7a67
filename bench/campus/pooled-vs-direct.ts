// What the pooler costs: saturation of the submissions function through PgBouncer (DB_POOLER_URL)
// against the same function on the direct connection (SUPABASE_DB_URL), side by side on one
// stack. Two sets of the function beside the stack's own, each of `instances` processes with
// rate limits raised (so every request is a real insert, still counted), driven straight at
// their ports by closed-loop clients, the two in turn, twice, so a slower moment of the machine
// does not fall on one side only.
import { randomUUID } from 'node:crypto';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, SUPABASE_DIR } from '../../stack/config.ts';
import { startFunctions, type RunningFunction } from '../../stack/functions.ts';
import type { Stack } from '../../stack/stack.ts';
import { createLectures } from '../../stack/fixtures/lectures.ts';
import type pg from 'pg';
import { post } from '../http.ts';
import { closedLoop, type LoadStats } from '../load.ts';
import { cpuOf } from '../processes.ts';
import { feedback } from '../submissions.ts';

const RAISED = {
  SUBMISSION_LIMIT_DEVICE_PER_SESSION: '1000000000',
  SUBMISSION_LIMIT_IP_PER_SESSION: '1000000000',
  SUBMISSION_LIMIT_IP_PER_MINUTE: '1000000000',
};

/** A side's load, and the CPU each part of the machine spent per request (ms, ≥ 0.005). */
type Side = LoadStats & { cpu_ms_per_request: Record<string, number> };

export interface PooledVsDirect {
  clients: number;
  instances: number;
  pooled: Side;
  direct: Side;
  /** Pooled req/s ÷ direct req/s. */
  ratio: number;
  /** The pooled path again with other pool sizes per instance (DB_POOL_SIZE), if asked for. */
  pooled_by_pool_size: Record<string, Side & { ratio: number }>;
}

function merge(a: LoadStats, b: LoadStats): LoadStats {
  const seconds = a.seconds + b.seconds;
  const requests = a.requests + b.requests;
  // Percentiles of the two halves: the worse of each (the halves are the same load).
  return {
    requests,
    ok: a.ok + b.ok,
    errors: a.errors + b.errors,
    seconds: Math.round(seconds * 10) / 10,
    rps: Math.round(requests / seconds),
    p50_ms: Math.max(a.p50_ms, b.p50_ms),
    p95_ms: Math.max(a.p95_ms, b.p95_ms),
    p99_ms: Math.max(a.p99_ms, b.p99_ms),
  };
}

export async function pooledVsDirect(
  stack: Stack,
  db: pg.Pool,
  { clients = 50, seconds = 10, instances = 2, poolSizes = [] as number[] } = {},
): Promise<PooledVsDirect> {
  if (!stack.pooler) throw new Error('pooledVsDirect needs a stack with PgBouncer');
  const env = {
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_ANON_KEY: DEMO_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: stack.dbUrl,
    ...RAISED,
  };
  const start = (extra: Record<string, string>) =>
    startFunctions({ supabaseDir: SUPABASE_DIR, only: ['submissions'], instances, log: () => {}, env: { ...env, ...extra } });
  const sets: Record<string, RunningFunction[]> = {
    pooled: await start({ DB_POOLER_URL: stack.pooler.url }),
    direct: await start({}),
  };
  for (const size of poolSizes) sets[`pool ${size}`] = await start({ DB_POOLER_URL: stack.pooler.url, DB_POOL_SIZE: String(size) });
  try {
    const lectures = await createLectures(db, 5);
    const body = (i: number) => JSON.stringify(feedback(lectures[i % 5]));
    const drive = (set: RunningFunction[], forSeconds = seconds) =>
      closedLoop(clients, forSeconds, async (i) => {
        const port = set[i % set.length].port;
        const status = await post(
          `http://127.0.0.1:${port}/submissions`,
          { 'content-type': 'application/json', 'x-device-id': `sat-${randomUUID()}`, 'x-forwarded-for': `203.0.113.${1 + (i % 200)}` },
          body(i),
        );
        return status === 201;
      });
    // A short warm-up of each, so no side pays for opening its connections in the measure; then
    // each side in turn, and again in the reverse order.
    const names = Object.keys(sets);
    for (const name of names) await drive(sets[name], 2);
    const cpu: Record<string, Record<string, number>> = Object.fromEntries(names.map((name) => [name, {}]));
    const measured = async (name: string) => {
      const before = cpuOf();
      const load = await drive(sets[name]);
      for (const [part, ms] of Object.entries(cpuOf())) cpu[name][part] = (cpu[name][part] ?? 0) + ms - (before[part] ?? 0);
      return load;
    };
    const first: Record<string, LoadStats> = {};
    for (const name of names) first[name] = await measured(name);
    const stats: Record<string, Side> = {};
    for (const name of [...names].reverse()) {
      const load = merge(first[name], await measured(name));
      const perRequest = Object.entries(cpu[name])
        .map(([part, ms]) => [part, Math.round((ms / Math.max(1, load.requests)) * 100) / 100] as const)
        .filter(([, ms]) => ms >= 0.005);
      stats[name] = { ...load, cpu_ms_per_request: Object.fromEntries(perRequest) };
    }
    const ratio = (s: LoadStats) => Math.round((s.rps / stats.direct.rps) * 100) / 100;
    return {
      clients,
      instances,
      pooled: stats.pooled,
      direct: stats.direct,
      ratio: ratio(stats.pooled),
      pooled_by_pool_size: Object.fromEntries(
        poolSizes.map((size) => [size, { ...stats[`pool ${size}`], ratio: ratio(stats[`pool ${size}`]) }]),
      ),
    };
  } finally {
    await Promise.all(Object.values(sets).flatMap((set) => set.map((f) => f.process.stop())));
  }
}
