// The student write path under load: the end-of-lecture burst with production limits, and
// saturation of the whole path compared with bare PostgREST and bare Postgres inserts.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Stack } from '../stack/stack.ts';
import { post } from './http.ts';
import { closedLoop, openLoop, type LoadStats } from './load.ts';
import { cpuOf } from './processes.ts';
import { createLectures, type Lecture } from '../stack/fixtures/lectures.ts';

/** One student's session feedback to `lecture`, as the load benchmarks send it. */
export const feedback = (lecture: Lecture) => ({
  courseId: lecture.courseId,
  sessionId: lecture.sessionId,
  mindAfterSession: 'I need to practise the examples from the end of class.',
  unclearParts: 'How the recursive calls unwind the call stack.',
  wentWell: 'The live coding demo.',
  pace: 'just_right',
  challengeLevel: 'challenging_manageable',
  clarityRating: 4,
  confidenceLevel: 60,
});

/** POST /functions/v1/submissions as the web client sends it, from one device behind `ip`. */
async function submitThroughGateway(stack: Stack, lecture: Lecture, device: string, ip: string): Promise<boolean> {
  const status = await post(
    `${stack.apiUrl}/functions/v1/submissions`,
    {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
      'x-device-id': device,
      'x-forwarded-for': ip,
    },
    JSON.stringify(feedback(lecture)),
  );
  return status === 201;
}

export interface BurstResult extends LoadStats {
  acknowledged: number;
  rows: number;
}

/**
 * Five lectures of 200 students end together: 1,000 Variant B submissions from 1,000 devices,
 * each hall behind its own campus IP, started evenly over five seconds, production limits on.
 */
export async function endOfLectureBurst(stack: Stack, db: pg.Pool): Promise<BurstResult> {
  const lectures = await createLectures(db, 5);
  const stats = await openLoop(1000, 5, (i) =>
    submitThroughGateway(stack, lectures[i % 5], `burst-device-${i}`, `198.51.100.${1 + (i % 5)}`),
  );
  const {
    rows: [{ count }],
  } = await db.query<{ count: string }>('select count(*) from public.submissions where class_session_id = any($1)', [
    lectures.map((l) => l.sessionId),
  ]);
  return { ...stats, acknowledged: stats.ok, rows: Number(count) };
}

const hash = () => createHash('sha256').update(randomBytes(16)).digest('hex');

const row = (lecture: Lecture) => ({
  course_id: lecture.courseId,
  class_session_id: lecture.sessionId,
  kind: 'session',
  edit_token_hash: hash(),
  topic: 'Session feedback',
  mind_after_session: 'I need to practise the examples from the end of class.',
  unclear_parts: 'How the recursive calls unwind the call stack.',
  went_well: 'The live coding demo.',
  pace: 'just_right',
  challenge_level: 'challenging_manageable',
  clarity_rating: 4,
  confidence_level: 60,
});

/**
 * 50 clients back to back for `seconds`, three ways: the whole path (gateway → function →
 * Postgres; limits raised so each request is a real insert, still counted), PostgREST alone, and
 * Postgres alone. The stack must run with raised limits.
 */
export async function saturation(stack: Stack, db: pg.Pool, pool: pg.Pool, seconds = 10) {
  const lectures = await createLectures(db, 5);
  const clients = 50;
  const full = await withCpu(() =>
    closedLoop(clients, seconds, (i) =>
      submitThroughGateway(stack, lectures[i % 5], `sat-${randomUUID()}`, `203.0.113.${1 + (i % clients)}`),
    ),
  );
  const postgrest = await withCpu(() =>
    closedLoop(clients, seconds, async (i) => {
      const status = await post(
        `${stack.postgrestUrl}/submissions`,
        { authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json', prefer: 'return=minimal' },
        JSON.stringify(row(lectures[i % 5])),
      );
      return status === 201;
    }),
  );
  const columns = Object.keys(row(lectures[0]));
  const insert = `insert into public.submissions (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
  const direct = await withCpu(() =>
    closedLoop(clients, seconds, async (i) => {
      await pool.query(insert, Object.values(row(lectures[i % 5])));
      return true;
    }),
  );
  return { full, postgrest, pg: direct };
}

export interface SaturationStats extends LoadStats {
  /** CPU time per request, in ms, of each part of the stack that used any (≥ 0.005 ms). */
  cpu_ms_per_request: Record<string, number>;
}

/** Runs a load and adds where its CPU time went: each process's CPU ms per request. */
async function withCpu(load: () => Promise<LoadStats>): Promise<SaturationStats> {
  const before = cpuOf();
  const stats = await load();
  const after = cpuOf();
  const perRequest: Record<string, number> = {};
  for (const [name, ms] of Object.entries(after)) {
    const each = (ms - (before[name] ?? 0)) / Math.max(1, stats.requests);
    if (each >= 0.005) perRequest[name] = Math.round(each * 100) / 100;
  }
  return { ...stats, cpu_ms_per_request: perRequest };
}
