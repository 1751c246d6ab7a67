// `npm run bench -- campus`: a hosted project of the smallest compute, as far as this machine can
// be one. Postgres capped at 60 connections (max_connections of Supabase's Nano and Micro
// computes), PgBouncer in transaction mode in front of it (15 server connections, which leaves the
// rest of the 60 to PostgREST, auth and the others; 200 clients, the pooler client limit of those
// computes), and 4, 2 and 1
// instances of each function behind the gateway. On each: 200 lectures end within `seconds`
// (12,000 submissions) while 200 live views poll (peak.ts), with server connections sampled from
// pg_stat_activity. Then, on a stack with 2 instances: the pooled path's saturation against the
// direct connection's, and the faults (faults.ts).
import pg from 'pg';
import type { StackOptions } from '../../stack/config.ts';
import type { Stack } from '../../stack/stack.ts';
import { startTemporaryStack } from '../../stack/temporary.ts';
import { cpuOf } from '../processes.ts';
import { connectionSampler, type ConnectionSampler, totalConnections, watchPoolerClients } from './connections.ts';
import { pgbouncerRestart, postgresAtCap, type CapFault, type RestartFault } from './faults.ts';
import { campusPeak, openHalls, STUDENTS_PER_HALL, type PeakResult } from './peak.ts';
import { pooledVsDirect, type PooledVsDirect } from './pooled-vs-direct.ts';

export const CAMPUS_HALLS = 200;
export const MAX_CONNECTIONS = 60;
// CAMPUS_SERVER_POOL: another PgBouncer pool size, to see what the pooler's pool changes.
const POOLER = { serverPoolSize: Number(process.env.CAMPUS_SERVER_POOL ?? 15), maxClientConn: 200, serverIdleTimeoutS: 30 };
/** Halls of the PgBouncer-restart fault (3,000 submissions), over at most a minute. */
const FAULT_HALLS = 50;

export interface CampusPeak extends PeakResult {
  instances: number;
  cap: number;
  baseline_connections: number;
  peak_connections: number;
  peak_connections_by_role: Record<string, number>;
  /** The most client connections PgBouncer had (the functions' pools), against its 200. */
  peak_pooler_clients: number | null;
  settled_s: number | null;
  /** Cores each part of the stack kept busy over the peak, on average (CPU s per s). */
  cpu_cores: Record<string, number>;
}

export interface CampusResult {
  seconds: number;
  max_connections: number;
  pooler: typeof POOLER;
  peaks: CampusPeak[];
  saturation: PooledVsDirect;
  faults: { pgbouncer_restart: RestartFault; postgres_at_cap: CapFault };
}

async function withCampusStack<T>(
  options: Partial<StackOptions>,
  work: (stack: Stack, db: pg.Pool, sampler: ConnectionSampler) => Promise<T>,
): Promise<T> {
  const stack = await startTemporaryStack({
    maxConnections: MAX_CONNECTIONS,
    pooler: POOLER,
    log: process.env.CAMPUS_DEBUG ? (line) => console.log(line) : undefined,
    ...options,
  });
  // Few connections of its own: it shares the cap with the stack.
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 3 });
  db.on('error', () => {});
  const sampler = await connectionSampler(stack);
  try {
    return await work(stack, db, sampler);
  } finally {
    await sampler.close();
    await db.end();
    await stack.stop();
  }
}

export async function campus({
  seconds,
  instances = [4, 2, 1],
  poolSizes = [],
  progress,
}: {
  seconds: number;
  instances?: number[];
  /** Other pooled pool sizes per instance to measure saturation with. */
  poolSizes?: number[];
  progress: (line: string) => void;
}): Promise<CampusResult> {
  const peaks: CampusPeak[] = [];
  for (const n of instances) {
    peaks.push(
      await withCampusStack({ functionInstances: n }, async (stack, db, sampler) => {
        const halls = await openHalls(stack, db, CAMPUS_HALLS);
        const baseline = totalConnections(await sampler.now());
        progress(`  ${n} instance(s) of each function: ${halls.length * STUDENTS_PER_HALL} submissions over ${seconds} s…`);
        const watch = sampler.watch();
        const poolerClients = await watchPoolerClients(stack.pooler!.url);
        const cpuBefore = cpuOf();
        const peak = await campusPeak(stack, db, { seconds, halls, progress });
        const cpuAfter = cpuOf();
        const connections = await watch.stop();
        const peakPoolerClients = await poolerClients.stop();
        const settled = await sampler.settle(baseline, 120);
        return {
          instances: n,
          ...peak,
          cap: sampler.cap,
          baseline_connections: baseline,
          peak_connections: connections.peak,
          peak_connections_by_role: connections.by_role,
          peak_pooler_clients: peakPoolerClients,
          settled_s: settled.seconds,
          cpu_cores: Object.fromEntries(
            Object.entries(cpuAfter).map(([name, ms]) => [
              name,
              Math.round(((ms - (cpuBefore[name] ?? 0)) / (peak.seconds * 1000)) * 100) / 100,
            ]),
          ),
        };
      }),
    );
  }
  return withCampusStack({ functionInstances: 2 }, async (stack, db, sampler) => {
    progress('  saturation, pooled and direct, 50 clients, 2 × 10 s each…');
    const saturation = await pooledVsDirect(stack, db, { poolSizes });
    const faultSeconds = Math.min(60, seconds);
    progress(`  PgBouncer restarted in a peak of ${FAULT_HALLS * STUDENTS_PER_HALL} submissions over ${faultSeconds} s…`);
    const restart = await pgbouncerRestart(stack, db, { halls: FAULT_HALLS, seconds: faultSeconds, progress });
    progress('  Postgres at its cap for 10 s under a burst of 300 submissions…');
    const cap = await postgresAtCap(stack, db, sampler, { progress });
    return {
      seconds,
      max_connections: MAX_CONNECTIONS,
      pooler: POOLER,
      peaks,
      saturation,
      faults: { pgbouncer_restart: restart, postgres_at_cap: cap },
    };
  });
}

/** The rows `npm run bench` prints, beside the targets. */
export function campusRows(c: CampusResult): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const p of c.peaks) {
    const name = `campus ${p.instances}×: ${p.submissions} submissions in ${c.seconds} s`;
    const other = p.fivexx - p.retried_503;
    rows.push([`${name}: 5xx other than 503; 503 (retried); unacknowledged`, `${other}; ${p.retried_503}; ${p.unacknowledged}`, '0; —; 0']);
    rows.push([`${name}: acknowledged = rows (= session rows)`, `${p.acknowledged} = ${p.rows} (= ${p.session_rows})`, 'equal']);
    rows.push([`${name}: submission p50 / p99 (max)`, `${p.p50_ms} / ${p.p99_ms} (${p.max_ms}) ms`, 'p99 ≤ 500 ms']);
    rows.push([
      `${name}: peak server connections (idle ${p.baseline_connections}; back in)`,
      `${p.peak_connections} of ${p.cap} (${p.settled_s ?? '—'} s)`,
      `≤ ${p.cap}`,
    ]);
    rows.push([
      `${name}: peak pooler clients (the functions' connections)`,
      `${p.peak_pooler_clients ?? '—'} of ${c.pooler.maxClientConn}`,
      '—',
    ]);
    rows.push([`${name}: ${p.live.polls} live polls (errors, p50 / p99)`, `${p.live.errors}, ${p.live.p50_ms} / ${p.live.p99_ms} ms`, '—']);
  }
  const s = c.saturation;
  rows.push([
    `campus saturation, ${s.clients} clients, ${s.instances} instances: pooled / direct (req/s; p99)`,
    `${s.pooled.rps} / ${s.direct.rps}/s; ${s.pooled.p99_ms} / ${s.direct.p99_ms} ms`,
    '—',
  ]);
  rows.push(['campus saturation: pooled ÷ direct', s.ratio.toFixed(2), '≥ 0.9']);
  for (const [size, p] of Object.entries(s.pooled_by_pool_size)) {
    rows.push([
      `campus saturation: pooled with ${size} connections per instance (req/s; ÷ direct)`,
      `${p.rps}/s; ${p.ratio.toFixed(2)}`,
      '—',
    ]);
  }
  const r = c.faults.pgbouncer_restart;
  rows.push([
    `fault PgBouncer restart (away ${r.gap_s} s): 500s; 503 (without Retry-After); other 5xx`,
    `${r.statuses['500'] ?? 0}; ${r.retried_503} (${r.without_retry_after}); ${r.fivexx - r.retried_503 - (r.statuses['500'] ?? 0)}`,
    '0; —(0); 0',
  ]);
  rows.push([
    'fault PgBouncer restart: acknowledged = rows = session rows; unacknowledged',
    `${r.acknowledged} = ${r.rows} = ${r.session_rows}; ${r.unacknowledged}`,
    'equal; 0',
  ]);
  const cap = c.faults.postgres_at_cap;
  rows.push([
    `fault Postgres at cap (${cap.capped_s} s): 500s; 503 (without Retry-After); other 5xx`,
    `${cap.statuses['500'] ?? 0}; ${cap.retried_503} (${cap.without_retry_after}); ${cap.fivexx - cap.retried_503 - (cap.statuses['500'] ?? 0)}`,
    '0; —(0); 0',
  ]);
  rows.push([
    'fault Postgres at cap: longest answer; acknowledged = rows; unacknowledged',
    `${cap.max_ms} ms; ${cap.acknowledged} = ${cap.rows}; ${cap.unacknowledged}`,
    '≤ a few s; equal; 0',
  ]);
  rows.push([
    'fault Postgres at cap: server connections idle before → after (back in)',
    `${cap.baseline} → ${cap.open_after} (${cap.settled_s ?? 'not within 120'} s)`,
    'back to idle',
  ]);
  return rows;
}
