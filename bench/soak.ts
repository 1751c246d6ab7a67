// The soak: a compressed semester on one stack with production limits. 20 lecture halls × 300
// students, each student on a device of their own, send feedback through the gateway and the
// submissions function at a realistic pace for `seconds` (600 by default, SOAK_SECONDS shortens
// it), while every hall's professor keeps the live view open (live_session with its cursor every
// second, as the page polls) and the dashboard open (its analytics and the newest ten submissions,
// every 30 s), both through the gateway with the professor's JWT from a real e-mail-code sign-in.
//
// Pacing: 40 % of a hall's students send a quick "I'm confused" (Variant A) at a random moment of
// the lecture; the other 60 % send the session feedback (Variant B) in the minute after it ends.
// Lectures end at four campus-wide moments (five halls each, at 20, 45, 70 and 95 % of the run),
// which are the bursts. One student in five edits their feedback once, 5–60 s later (PUT with the
// edit token), if the run still lasts.
//
// Addresses, chosen so that production limits (docs/product.md, "Rate limits": 300 per address
// and session, 600 per address and minute over all sessions) hold as on a real campus and every
// request should be accepted: 70 % of a hall's students are on the campus Wi-Fi behind the hall's
// three NAT addresses (≈ 70 students each), 20 % on mobile data behind four carrier-grade NAT
// addresses shared by the whole campus (≈ 300 each over the run, ≈ 15 per session; at most a few
// hundred in any minute), 10 % on IPv6 mobile data with a /64 of their own.
//
// Figures: every request's latency and status; acknowledged (201) submissions against their rows
// at the end (and the rows of the halls' sessions, so none appear from nowhere), edits answered 200
// against rows that carry the edit, and the live views' final counts; the memory of every process
// of the stack after a warm-up and at the end (see `memoryOf`).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { stackInfo, type Stack } from '../stack/stack.ts';
import { signInWithEmailCode, uniqueEmail } from '../stack/clients.ts';
import { request } from './http.ts';
import { percentile } from './load.ts';
import { childrenOf, kbField, nameOf, readProc } from './processes.ts';

export const HALLS = 20;
export const STUDENTS_PER_HALL = 300;
const LIVE_POLL_MS = 1000;
const DASHBOARD_REFRESH_MS = 30_000;
// The last lecture ends at 80 %: its feedback (≤ 60 s) is in before the end sample, so the start
// and end samples are both taken between bursts, with only the live views and dashboards polling.
const END_MOMENTS = [0.2, 0.4, 0.6, 0.8];
const EDIT_SHARE = 0.2;

type Kind = 'submit' | 'edit' | 'live' | 'dashboard';

export interface KindStats {
  requests: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
}

export interface MemoryFigure {
  /** After the warm-up. */
  start_mb: number;
  end_mb: number;
  peak_mb: number;
  growth_pct: number;
  /** A minute after the first end-of-lecture burst (pools have grown to their working size). */
  steady_mb: number | null;
  steady_growth_pct: number | null;
  /** Every 30 s from the start sample to the end. */
  series_mb: number[];
}

export interface SoakResult {
  students: number;
  halls: number;
  seconds: number;
  warm_up_s: number;
  requests: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  /** Answers by status (0: no answer at all), over every request. */
  statuses: Record<string, number>;
  acknowledged: number;
  rows: number;
  /** Rows of the halls' sessions, whoever wrote them (must equal `rows`). */
  session_rows: number;
  edits_acknowledged: number;
  edits_in_rows: number;
  /** The sum of every hall's response count in a last live poll after the run. */
  live_counted: number;
  by_kind: Record<Kind, KindStats>;
  /** Child restarts and Postgres FATAL/PANIC lines in the stack's log during the run. */
  restarts: number;
  steady_at_s: number | null;
  memory: Record<string, MemoryFigure>;
  postgres_processes: { start: number; steady: number | null; end: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number) => Math.round(x * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Memory. Linux /proc, read-only: the stack's processes are this Node process (gateway, auth and
// inbox run in it, and so does this load generator) and its children (Postgres, PostgREST, one
// Deno per function). A single process counts by its resident set (VmRSS). Postgres counts as the
// postmaster and all its children (backends, checkpointer, …) by the sum of their proportional
// set sizes (Pss): summed RSS would count the shared buffers once per backend that touched them.
// Its Pss is also reported in two parts: private memory (Pss_Anon + Pss_File: the processes' own
// allocations) and shared memory (Pss_Shmem: the pages of the fixed 256 MB shared_buffers segment
// touched so far, which grows as the cache fills and cannot pass it). The private part grows by
// about 6 MB with each connection PostgREST's pool opens in a burst (up to its 20), so the mean per
// client connection is reported too: that is where a leak would show.

export interface MemorySample {
  mb: Record<string, number>;
  postgresProcesses: number;
}

export function memoryOf(): MemorySample {
  const children = childrenOf();
  const mb: Record<string, number> = {};
  let postgresProcesses = 0;
  mb['node (gateway, auth, inbox; load generator)'] = kbField(readProc(process.pid, 'status'), 'VmRSS') / 1024;
  for (const pid of children.get(process.pid) ?? []) {
    const name = nameOf(pid);
    if (name === 'postgres') {
      const tree = [pid, ...(children.get(pid) ?? [])];
      postgresProcesses += tree.length;
      const rollups = tree.map((p) => readProc(p, 'smaps_rollup'));
      const sum = (rs: (string | undefined)[], ...fields: string[]) =>
        rs.reduce((kb, r) => kb + fields.reduce((f, field) => f + kbField(r, field), 0), 0) / 1024;
      // Client connections are titled "postgres: <user> <database> <host>(<port>) <state>".
      const connections = tree.flatMap((p, i) =>
        /^postgres: \S+ \S+ [\d.:]+\(\d+\)/.test(readProc(p, 'cmdline') ?? '') ? [rollups[i]] : [],
      );
      mb['postgres (postmaster + children, Pss)'] = sum(rollups, 'Pss');
      mb['postgres private (Pss_Anon + Pss_File)'] = sum(rollups, 'Pss_Anon', 'Pss_File');
      mb['postgres private per connection (mean)'] = connections.length ? sum(connections, 'Pss_Anon', 'Pss_File') / connections.length : 0;
      mb['postgres shared buffers touched (Pss_Shmem)'] = sum(rollups, 'Pss_Shmem');
    } else if (name === 'postgrest' || name.startsWith('deno')) {
      mb[name] = (mb[name] ?? 0) + kbField(readProc(pid, 'status'), 'VmRSS') / 1024;
    }
    // Anything else (tsx's esbuild service) is the bench's, not the stack's.
  }
  return { mb, postgresProcesses };
}

// ---------------------------------------------------------------------------------------------

interface Hall {
  index: number;
  courseId: string;
  sessionId: string;
  jwt: string;
}

/** 20 professors signed in by e-mail code, each with one course and today's session of it. */
async function openHalls(stack: Stack, db: pg.Pool): Promise<Hall[]> {
  const halls: Hall[] = [];
  for (let index = 0; index < HALLS; index++) {
    const professor = await signInWithEmailCode(stackInfo(stack), uniqueEmail(`soak-professor-${index}`));
    const {
      rows: [lecture],
    } = await db.query<{ courseId: string; sessionId: string }>(
      `with c as (
         insert into public.courses (owner_id, name, code, timezone)
         values ($1, 'Lecture hall ' || $2, 'SOAK ' || upper(substr(md5(random()::text), 1, 8)), 'America/Chicago')
         returning id
       )
       insert into public.class_sessions (course_id, session_date, expires_at, topic)
       select c.id, d.session_date, d.expires_at, 'Week 9: recursion'
       from c, private.class_day('America/Chicago', now()) d
       returning course_id as "courseId", id as "sessionId"`,
      [professor.userId, index + 1],
    );
    halls.push({ index, ...lecture, jwt: professor.accessToken });
  }
  return halls;
}

interface Student {
  hall: Hall;
  number: number;
  device: string;
  address: string;
  kind: 'quick' | 'session';
  at: number;
  edits: boolean;
}

function addressOf(hall: number, student: number, roll: number): string {
  if (roll < 0.7) return `198.51.100.${1 + hall * 3 + (student % 3)}`; // the hall's Wi-Fi NAT
  if (roll < 0.9) return `203.0.113.${1 + (student % 4)}`; // carrier-grade NAT, campus-wide
  return `2001:db8:${hall.toString(16)}:${student.toString(16)}:${Math.floor(roll * 1e4).toString(16)}::1`; // own /64
}

/** Who sends what when (ms from the start): a fixed plan from a seeded generator. */
function plan(halls: Hall[], seconds: number): Student[] {
  let seed = 20261123;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const students: Student[] = [];
  for (const hall of halls) {
    const ends = END_MOMENTS[hall.index % END_MOMENTS.length] * seconds * 1000;
    for (let number = 0; number < STUDENTS_PER_HALL; number++) {
      const during = random() < 0.4;
      // During the lecture: any moment before it ends. After it: most within 20 s, all within 60 s.
      const at = during ? random() * ends : ends + Math.min(60_000, -Math.log(1 - random()) * 15_000);
      students.push({
        hall,
        number,
        device: `soak-${hall.index}-${number}-${randomUUID()}`,
        address: addressOf(hall.index, number, random()),
        kind: during ? 'quick' : 'session',
        at: Math.min(at, seconds * 1000 - 1000),
        edits: random() < EDIT_SHARE,
      });
    }
  }
  return students;
}

const DIFFICULTY = ['slightly', 'very', 'completely'] as const;
const PACE = ['too_slow', 'slightly_slow', 'just_right', 'slightly_fast', 'too_fast'] as const;
const CHALLENGE = ['far_too_easy', 'slightly_easy', 'challenging_manageable', 'slightly_hard', 'far_too_hard'] as const;

function content(s: Student, edited: boolean): Record<string, unknown> {
  const mark = edited ? ' (edited)' : '';
  if (s.kind === 'quick') {
    return {
      topic: ['Recursion', 'Base cases', 'Call stack'][s.number % 3],
      confusion: `Student ${s.number}: why the recursion stops where it does${mark}.`,
      difficultyLevel: DIFFICULTY[s.number % 3],
    };
  }
  return {
    mindAfterSession: 'The homework due Friday.',
    unclearParts: `Student ${s.number}: the call stack diagram${mark}.`,
    wentWell: 'The live coding demo.',
    pace: PACE[s.number % 5],
    challengeLevel: CHALLENGE[(s.number >> 1) % 5],
    clarityRating: 1 + (s.number % 7),
    confidenceLevel: 5 * (s.number % 21),
  };
}

export async function soak(
  stack: Stack,
  db: pg.Pool,
  seconds: number,
  restartsSoFar: () => number,
  progress: (line: string) => void = () => {},
): Promise<SoakResult> {
  progress(`  signing ${HALLS} professors in and opening their halls…`);
  const halls = await openHalls(stack, db);
  const students = plan(halls, seconds);
  const warmUp = Math.min(30, seconds / 4);

  const latencies: Record<Kind, number[]> = { submit: [], edit: [], live: [], dashboard: [] };
  const errors: Record<Kind, number> = { submit: 0, edit: 0, live: 0, dashboard: 0 };
  const statuses: Record<string, number> = {};
  const acknowledged: string[] = [];
  const edited: string[] = [];
  const lastResponses = new Map<number, number>();

  /** One request, timed and counted; resolves with the answer, or undefined without one. */
  async function call(kind: Kind, method: string, url: string, headers: Record<string, string>, body?: string, ok = [200]) {
    const start = performance.now();
    let answer: { status: number; text: string } | undefined;
    try {
      answer = await request(method, url, headers, body);
    } catch {
      answer = undefined;
    }
    latencies[kind].push(performance.now() - start);
    const status = answer?.status ?? 0;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (!ok.includes(status)) errors[kind]++;
    return ok.includes(status) ? answer : undefined;
  }

  const anon = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' };
  const professor = (hall: Hall) => ({ apikey: stack.anonKey, authorization: `Bearer ${hall.jwt}`, 'content-type': 'application/json' });
  const rpc = (hall: Hall, fn: string, args: Record<string, unknown>) =>
    call('dashboard', 'POST', `${stack.apiUrl}/rest/v1/rpc/${fn}`, professor(hall), JSON.stringify(args));

  const began = performance.now();
  const deadline = began + seconds * 1000;
  const until = (ms: number) => sleep(Math.max(0, began + ms - performance.now()));

  async function student(s: Student) {
    await until(s.at);
    const headers = { ...anon, 'x-device-id': s.device, 'x-forwarded-for': s.address };
    const body = JSON.stringify({ courseId: s.hall.courseId, sessionId: s.hall.sessionId, ...content(s, false) });
    const answer = await call('submit', 'POST', `${stack.apiUrl}/functions/v1/submissions`, headers, body, [201]);
    if (!answer) return;
    const { id, editToken } = JSON.parse(answer.text) as { id: string; editToken: string };
    acknowledged.push(id);
    if (!s.edits) return;
    const editAt = performance.now() - began + 5000 + ((s.number * 7919) % 55_000);
    if (editAt > seconds * 1000 - 1000) return;
    await until(editAt);
    const edit = await call(
      'edit',
      'PUT',
      `${stack.apiUrl}/functions/v1/submissions/${id}`,
      { ...headers, 'x-edit-token': editToken },
      JSON.stringify(content(s, true)),
    );
    if (edit) edited.push(id);
  }

  async function liveView(hall: Hall) {
    let cursor: string | undefined;
    await sleep(Math.random() * LIVE_POLL_MS);
    while (performance.now() < deadline) {
      const start = performance.now();
      const answer = await call(
        'live',
        'POST',
        `${stack.apiUrl}/rest/v1/rpc/live_session`,
        professor(hall),
        JSON.stringify(cursor ? { course_id: hall.courseId, since: cursor } : { course_id: hall.courseId }),
      );
      if (answer) {
        const live = JSON.parse(answer.text) as { cursor: string; changed: boolean; responses?: number };
        cursor = live.cursor;
        if (live.changed) lastResponses.set(hall.index, live.responses ?? 0);
      }
      await sleep(Math.max(0, LIVE_POLL_MS - (performance.now() - start)));
    }
  }

  async function dashboard(hall: Hall) {
    await sleep(Math.random() * DASHBOARD_REFRESH_MS);
    const recent =
      `${stack.apiUrl}/rest/v1/submissions?select=id,course_id,kind,reviewed_at,created_at,topic,confusion_text,` +
      'confusion_level,mind_after_session,unclear_parts,went_well,pace,challenge_level,clarity_rating,confidence_level,' +
      'courses(code,name)&order=created_at.desc,id.desc&limit=10';
    while (performance.now() < deadline) {
      const start = performance.now();
      await Promise.all([
        rpc(hall, 'dashboard_stats', {}),
        rpc(hall, 'confusion_patterns', { days: 7 }),
        rpc(hall, 'session_insights', { days: 30, max_sessions: 6 }),
        call('dashboard', 'GET', recent, professor(hall)),
      ]);
      const wait = DASHBOARD_REFRESH_MS - (performance.now() - start);
      if (performance.now() + wait >= deadline) break;
      await sleep(wait);
    }
  }

  // Memory: after the warm-up, every 30 s, and at the end.
  const samples: (MemorySample & { at: number })[] = [];
  const steadyAt = END_MOMENTS[0] * seconds + 60;
  const sampler = (async () => {
    await until(warmUp * 1000);
    const startRestarts = restartsSoFar();
    samples.push({ at: warmUp, ...memoryOf() });
    progress(
      `  warm-up over (${warmUp} s): ${Object.entries(samples[0].mb)
        .map(([n, mb]) => `${n} ${mb.toFixed(0)} MB`)
        .join(', ')}`,
    );
    for (let t = warmUp + 30; t < seconds; t += 30) {
      await until(t * 1000);
      samples.push({ at: t, ...memoryOf() });
      const sent = latencies.submit.length;
      const failed = Object.values(errors).reduce((a, b) => a + b, 0);
      progress(`  ${t} s: ${sent} submissions sent, ${failed} errors, restarts ${restartsSoFar() - startRestarts}`);
    }
  })();

  progress(`  ${students.length} students over ${seconds} s; ${HALLS} live views and dashboards open…`);
  await Promise.all([...students.map(student), ...halls.map(liveView), ...halls.map(dashboard), sampler]);
  const elapsed = (performance.now() - began) / 1000;
  samples.push({ at: elapsed, ...memoryOf() });

  // Whatever the load generator saw, the database has the last word.
  const {
    rows: [check],
  } = await db.query<{ rows: string; session_rows: string; edits: string }>(
    `select
       (select count(*) from public.submissions where id = any($1::uuid[])) as rows,
       (select count(*) from public.submissions where class_session_id = any($2::uuid[])) as session_rows,
       (select count(*) from public.submissions where id = any($3::uuid[]) and confusion_text like '%(edited).') as edits`,
    [acknowledged, halls.map((h) => h.sessionId), edited],
  );
  // A last look at every live view after the run: its count must be the hall's rows.
  let liveCounted = 0;
  for (const hall of halls) {
    const res = await request(
      'POST',
      `${stack.apiUrl}/rest/v1/rpc/live_session`,
      professor(hall),
      JSON.stringify({ course_id: hall.courseId }),
    );
    liveCounted += res.status === 200 ? ((JSON.parse(res.text) as { responses?: number }).responses ?? 0) : 0;
  }

  const all = Object.values(latencies)
    .flat()
    .sort((a, b) => a - b);
  const byKind = Object.fromEntries(
    (Object.keys(latencies) as Kind[]).map((kind) => {
      const sorted = [...latencies[kind]].sort((a, b) => a - b);
      return [
        kind,
        { requests: sorted.length, errors: errors[kind], p50_ms: round(percentile(sorted, 50)), p99_ms: round(percentile(sorted, 99)) },
      ];
    }),
  ) as Record<Kind, KindStats>;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const steady = samples.find((s) => s.at >= steadyAt && s !== last);
  const pct = (from: number, to: number) => (from > 0 ? round(((to - from) / from) * 100) : Number.NaN);
  const memory: Record<string, MemoryFigure> = {};
  for (const name of new Set([...Object.keys(first.mb), ...Object.keys(last.mb)])) {
    const start = first.mb[name] ?? 0;
    const end = last.mb[name] ?? 0;
    const steadyMb = steady ? (steady.mb[name] ?? 0) : undefined;
    memory[name] = {
      start_mb: round(start),
      end_mb: round(end),
      peak_mb: round(Math.max(...samples.map((s) => s.mb[name] ?? 0))),
      growth_pct: pct(start, end),
      steady_mb: steadyMb === undefined ? null : round(steadyMb),
      steady_growth_pct: steadyMb === undefined ? null : pct(steadyMb, end),
      series_mb: samples.map((s) => round(s.mb[name] ?? 0)),
    };
  }
  return {
    students: students.length,
    halls: HALLS,
    seconds: round(elapsed),
    warm_up_s: warmUp,
    requests: all.length,
    rps: Math.round(all.length / elapsed),
    p50_ms: round(percentile(all, 50)),
    p99_ms: round(percentile(all, 99)),
    errors: Object.values(errors).reduce((a, b) => a + b, 0),
    statuses,
    acknowledged: acknowledged.length,
    rows: Number(check.rows),
    session_rows: Number(check.session_rows),
    edits_acknowledged: edited.length,
    edits_in_rows: Number(check.edits),
    live_counted: liveCounted,
    by_kind: byKind,
    restarts: restartsSoFar(),
    steady_at_s: steady ? steady.at : null,
    memory,
    postgres_processes: { start: first.postgresProcesses, steady: steady?.postgresProcesses ?? null, end: last.postgresProcesses },
  };
}
