// The campus peak: many lectures end within the same few minutes. Each hall's 60 students send the
// session feedback (Variant B) in the minute after their lecture ends, most within 20 s (the
// end-of-lecture burst), each from a device of their own behind the hall's one campus address,
// with an Idempotency-Key per submission. Like the web client (pendingSubmissions.ts), a student
// whose request got no answer or a 502/503/504 sends it again with the same key: after Retry-After
// when the answer carries one, never sooner than the client's own 2 s, 4 s … 60 s. Meanwhile every
// hall's professor keeps the live view open, polling live_session with its cursor every second as
// the live page does (LIVE_POLL_MS in web/src/features/live/api/get-live-session.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { SignJWT } from 'jose';
import type pg from 'pg';
import type { Stack } from '../../stack/stack.ts';
import { request } from '../http.ts';
import { percentile } from '../load.ts';

export const STUDENTS_PER_HALL = 60;
const LIVE_POLL_MS = 1000;
/** Statuses the student's client treats as a failure of the way there (isNetworkFailure): 0 is no answer. */
const RETRIED = new Set([0, 502, 503, 504]);
/** How long after the peak's last planned send a student still retries (the bench must end). */
const GIVE_UP_AFTER_S = 120;

// Every phone and every professor's laptop has a connection of its own: no queue in the load
// generator (the shared agent of http.ts allows 256 at once), so a slow answer is the stack's.
const devices = new http.Agent({ keepAlive: true, maxSockets: Infinity });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number) => Math.round(x * 10) / 10;
/** The client's wait before its next attempt (retryDelay in web/src/shared/pendingSubmissions.ts). */
const retryDelay = (attempt: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt));

export interface Hall {
  index: number;
  courseId: string;
  sessionId: string;
  /** The professor's access token (signed with the stack's JWT secret, as the auth server would). */
  jwt: string;
  /** The hall's campus NAT address. */
  address: string;
}

/** `count` professors, each with one course and today's session of it. */
export async function openHalls(stack: Stack, db: pg.Pool, count: number, firstIndex = 0): Promise<Hall[]> {
  const { rows: courses } = await db.query<{ courseId: string; ownerId: string }>(
    `with u as (
       insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              'campus-' || gen_random_uuid() || '@example.edu', now(), now()
       from generate_series(1, $1) returning id
     )
     insert into public.courses (owner_id, name, code, timezone)
     select u.id, 'Campus lecture', 'CAMPUS ' || upper(substr(md5(random()::text), 1, 10)), 'America/Chicago' from u
     returning id as "courseId", owner_id as "ownerId"`,
    [count],
  );
  const { rows: sessions } = await db.query<{ courseId: string; sessionId: string }>(
    `insert into public.class_sessions (course_id, session_date, expires_at)
     select c, d.session_date, d.expires_at from unnest($1::uuid[]) c, private.class_day('America/Chicago', now()) d
     returning course_id as "courseId", id as "sessionId"`,
    [courses.map((c) => c.courseId)],
  );
  const secret = new TextEncoder().encode(stack.jwtSecret);
  const sessionOf = new Map(sessions.map((s) => [s.courseId, s.sessionId]));
  return Promise.all(
    courses.map(async (course, i) => {
      const index = firstIndex + i;
      const jwt = await new SignJWT({ role: 'authenticated', aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(course.ownerId)
        .setIssuedAt()
        .setExpirationTime('3h')
        .sign(secret);
      const address = `198.51.${100 + Math.floor(index / 250)}.${1 + (index % 250)}`;
      return { index, courseId: course.courseId, sessionId: sessionOf.get(course.courseId)!, jwt, address };
    }),
  );
}

interface Student {
  hall: Hall;
  number: number;
  /** ms from the start of the peak. */
  at: number;
}

/**
 * Lectures end evenly spread over the first `seconds − window` seconds, so that every hall's burst
 * (all of it within `window`, most within a quarter of it) is inside `seconds`.
 */
function plan(halls: Hall[], seconds: number): Student[] {
  let seed = 20261126;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const window = Math.min(60, seconds / 5);
  const students: Student[] = [];
  for (const hall of halls) {
    const ends = (random() * (seconds - window) * 1000) | 0;
    for (let number = 0; number < STUDENTS_PER_HALL; number++) {
      const after = Math.min(window * 1000, -Math.log(1 - random()) * window * 250);
      students.push({ hall, number, at: ends + after });
    }
  }
  return students;
}

const PACE = ['too_slow', 'slightly_slow', 'just_right', 'slightly_fast', 'too_fast'] as const;
const CHALLENGE = ['far_too_easy', 'slightly_easy', 'challenging_manageable', 'slightly_hard', 'far_too_hard'] as const;

const feedback = (s: Student) => ({
  courseId: s.hall.courseId,
  sessionId: s.hall.sessionId,
  mindAfterSession: 'The homework due Friday.',
  unclearParts: `Student ${s.number}: the call stack diagram.`,
  wentWell: 'The live coding demo.',
  pace: PACE[s.number % 5],
  challengeLevel: CHALLENGE[(s.number >> 1) % 5],
  clarityRating: 1 + (s.number % 7),
  confidenceLevel: 5 * (s.number % 21),
});

export interface PeakResult {
  halls: number;
  submissions: number;
  seconds: number;
  /** Every attempt's answer by status (0: no answer). */
  statuses: Record<string, number>;
  /** Answers 5xx of any kind; `retried_503` of them were 503 (and sent again). */
  fivexx: number;
  retried_503: number;
  /** 503s that came without Retry-After. */
  without_retry_after: number;
  /** Submissions never acknowledged (refused, or still failing when the client gave up). */
  unacknowledged: number;
  acknowledged: number;
  /** Rows of the acknowledged ids, and rows of the halls' sessions (both must equal acknowledged). */
  rows: number;
  session_rows: number;
  /** Every attempt's latency. */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** From the first attempt to the acknowledgement, retries included. */
  acknowledged_p99_ms: number;
  acknowledged_max_ms: number;
  live: { polls: number; errors: number; p50_ms: number; p99_ms: number };
}

export interface PeakOptions {
  seconds: number;
  halls: Hall[];
  /** Keep every hall's live view open (default true). */
  liveViews?: boolean;
  /** Runs at `at` seconds into the peak (a fault); the peak goes on meanwhile. */
  during?: { at: number; run: () => Promise<void> };
  progress?: (line: string) => void;
}

export async function campusPeak(stack: Stack, db: pg.Pool, opts: PeakOptions): Promise<PeakResult> {
  const students = plan(opts.halls, opts.seconds);
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const toAcknowledge: number[] = [];
  const acknowledged: string[] = [];
  let withoutRetryAfter = 0;
  let unacknowledged = 0;
  const live = { polls: 0, errors: 0, latencies: [] as number[] };

  const began = performance.now();
  const deadline = began + opts.seconds * 1000;
  const giveUpAt = deadline + GIVE_UP_AFTER_S * 1000;
  const until = (ms: number) => sleep(Math.max(0, began + ms - performance.now()));
  const anon = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' };

  async function student(s: Student) {
    await until(s.at);
    const headers = {
      ...anon,
      'x-device-id': `campus-${s.hall.index}-${s.number}-${randomUUID()}`,
      'x-forwarded-for': s.hall.address,
      'idempotency-key': randomBytes(32).toString('base64url'),
    };
    const body = JSON.stringify(feedback(s));
    const first = performance.now();
    for (let attempt = 0; ; attempt++) {
      const start = performance.now();
      const answer = await request('POST', `${stack.apiUrl}/functions/v1/submissions`, headers, body, devices).catch(() => undefined);
      latencies.push(performance.now() - start);
      const status = answer?.status ?? 0;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 201) {
        acknowledged.push((JSON.parse(answer!.text) as { id: string }).id);
        toAcknowledge.push(performance.now() - first);
        return;
      }
      const retryAfter = Number(answer?.headers['retry-after']);
      if (status === 503 && !(retryAfter > 0)) withoutRetryAfter++;
      if (!RETRIED.has(status) || performance.now() > giveUpAt) {
        unacknowledged++;
        return;
      }
      await sleep(Math.max(retryDelay(attempt), retryAfter > 0 ? retryAfter * 1000 : 0));
    }
  }

  async function liveView(hall: Hall) {
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${hall.jwt}`, 'content-type': 'application/json' };
    let cursor: string | undefined;
    await sleep(Math.random() * LIVE_POLL_MS);
    while (performance.now() < deadline) {
      const start = performance.now();
      const answer = await request(
        'POST',
        `${stack.apiUrl}/rest/v1/rpc/live_session`,
        headers,
        JSON.stringify(cursor ? { course_id: hall.courseId, since: cursor } : { course_id: hall.courseId }),
        devices,
      ).catch(() => undefined);
      live.latencies.push(performance.now() - start);
      live.polls++;
      if (answer?.status === 200) cursor = (JSON.parse(answer.text) as { cursor: string }).cursor;
      else live.errors++;
      await sleep(Math.max(0, LIVE_POLL_MS - (performance.now() - start)));
    }
  }

  const progress = (async () => {
    for (let t = 30; t < opts.seconds; t += 30) {
      await until(t * 1000);
      const failed = Object.entries(statuses).reduce((n, [status, c]) => n + (status === '201' ? 0 : c), 0);
      opts.progress?.(`    ${t} s: ${acknowledged.length} acknowledged, ${failed} failed attempts, ${live.polls} live polls`);
    }
  })();
  const fault = opts.during ? until(opts.during.at * 1000).then(opts.during.run) : Promise.resolve();

  await Promise.all([...students.map(student), ...(opts.liveViews === false ? [] : opts.halls.map(liveView)), progress, fault]);
  const seconds = (performance.now() - began) / 1000;

  const {
    rows: [check],
  } = await db.query<{ rows: string; session_rows: string }>(
    `select (select count(*) from public.submissions where id = any($1::uuid[])) as rows,
            (select count(*) from public.submissions where class_session_id = any($2::uuid[])) as session_rows`,
    [acknowledged, opts.halls.map((h) => h.sessionId)],
  );
  const sorted = latencies.sort((a, b) => a - b);
  const acks = toAcknowledge.sort((a, b) => a - b);
  const polls = live.latencies.sort((a, b) => a - b);
  const fivexx = Object.entries(statuses).reduce((n, [status, c]) => n + (status.startsWith('5') ? c : 0), 0);
  return {
    halls: opts.halls.length,
    submissions: students.length,
    seconds: round(seconds),
    statuses,
    fivexx,
    retried_503: statuses['503'] ?? 0,
    without_retry_after: withoutRetryAfter,
    unacknowledged,
    acknowledged: acknowledged.length,
    rows: Number(check.rows),
    session_rows: Number(check.session_rows),
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
    acknowledged_p99_ms: round(percentile(acks, 99)),
    acknowledged_max_ms: round(acks[acks.length - 1] ?? Number.NaN),
    live: { polls: live.polls, errors: live.errors, p50_ms: round(percentile(polls, 50)), p99_ms: round(percentile(polls, 99)) },
  };
}
