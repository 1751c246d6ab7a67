// The campus peak's faults. PgBouncer restarted in the middle of a peak: the functions' pooled
// connections break and new ones are refused for a moment; every request in the gap must be
// answered 503 with Retry-After (never 500), the students' clients send those again, and every
// acknowledged submission must be in the database exactly once. Postgres at its cap: every slot
// taken (PgBouncer just restarted, so it needs new server connections and cannot have them);
// submissions meanwhile must be 503 within the functions' time limit, never 500, and go in once
// the slots come free; afterwards server connections fall back to the idle baseline.
import type pg from 'pg';
import type { Stack } from '../../stack/stack.ts';
import { type ConnectionSampler, fillConnections, totalConnections } from './connections.ts';
import { campusPeak, openHalls, type PeakResult } from './peak.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RestartFault extends PeakResult {
  /** Seconds PgBouncer was away. */
  gap_s: number;
  at_s: number;
}

export async function pgbouncerRestart(
  stack: Stack,
  db: pg.Pool,
  {
    halls: count,
    seconds,
    gapSeconds = 3,
    progress,
  }: { halls: number; seconds: number; gapSeconds?: number; progress?: (line: string) => void },
): Promise<RestartFault> {
  const pooler = stack.pooler;
  if (!pooler) throw new Error('pgbouncerRestart needs a stack with PgBouncer');
  const halls = await openHalls(stack, db, count);
  const at = Math.round(seconds * 0.4);
  let gap = 0;
  const peak = await campusPeak(stack, db, {
    seconds,
    halls,
    progress,
    during: {
      at,
      run: async () => {
        const began = performance.now();
        await pooler.stop();
        await sleep(gapSeconds * 1000);
        await pooler.start();
        gap = Math.round((performance.now() - began) / 100) / 10;
        progress?.(`    PgBouncer restarted at ${at} s (away ${gap} s)`);
      },
    },
  });
  return { ...peak, gap_s: gap, at_s: at };
}

export interface CapFault extends PeakResult {
  /** Connections the hog took before Postgres refused one. */
  hog_connections: number;
  /** Seconds every slot was taken. */
  capped_s: number;
  baseline: number;
  /** Seconds after the peak until server connections were back at the baseline (null: not within the time allowed). */
  settled_s: number | null;
  open_after: number;
}

export async function postgresAtCap(
  stack: Stack,
  db: pg.Pool,
  sampler: ConnectionSampler,
  { halls: count = 5, cappedSeconds = 10, progress }: { halls?: number; cappedSeconds?: number; progress?: (line: string) => void },
): Promise<CapFault> {
  const pooler = stack.pooler;
  if (!pooler) throw new Error('postgresAtCap needs a stack with PgBouncer');
  const halls = await openHalls(stack, db, count, 240);
  // The idle baseline: nothing but the stack itself (and this bench's pool) connected.
  const baseline = totalConnections(await sampler.now());
  // PgBouncer's server connections go first, so the hog takes their slots too.
  await pooler.stop();
  const hog = await fillConnections(stack);
  await pooler.start();
  progress?.(`    every slot taken (${hog.held} more connections); PgBouncer restarted with none`);
  const began = performance.now();
  let capped = 0;
  const peak = await campusPeak(stack, db, {
    seconds: cappedSeconds,
    halls,
    liveViews: false,
    during: {
      at: cappedSeconds,
      run: async () => {
        await hog.release();
        capped = Math.round((performance.now() - began) / 100) / 10;
      },
    },
  });
  const settled = await sampler.settle(baseline, 120);
  return { ...peak, hog_connections: hog.held, capped_s: capped, baseline, settled_s: settled.seconds, open_after: settled.open };
}
