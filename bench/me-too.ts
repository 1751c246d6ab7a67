// "Me too" at lecture-hall size (docs/decisions/me-too.md), production limits, every request
// through the gateway:
// - Grouping: a session of 300 texts written as a confused hall writes them (a dozen confusions,
//   each in several wordings) and 3,000 "me too"s, most on a few texts; the teaching team's
//   shared_confusion (the live view's and Session Insights' ranking and groups) timed as the
//   professor, and the students' list (GET /submissions/me-too) as a student's page asks for it.
// - Burst: 300 students of another such hall, behind one address, each saying "me too" to three
//   texts within 10 s; every tap must be answered 200 and each text's count must be exactly the
//   taps it was sent.
import type pg from 'pg';
import { createLectures, type Lecture, professorJwt } from '../stack/fixtures/lectures.ts';
import type { Stack } from '../stack/stack.ts';
import { timeCalls } from './analytics.ts';
import { request } from './http.ts';
import { percentile } from './load.ts';

const STUDENTS = 300;
const ME_TOOS = 3_000;
const TAPS_PER_STUDENT = 3;
const BURST_SECONDS = 10;

const CONFUSIONS = [
  'the base case of the recursion',
  'how the call stack unwinds after the return',
  'the big O of the nested loops',
  'the difference between the stack and the heap',
  'pointers to pointers',
  'collisions in the hash table',
  'why the binary search needs a sorted array',
  'the invariant of the while loop',
  'merge sort splitting the array in halves',
  'passing by reference versus by value',
  'the amortised cost of the dynamic array',
  'what the garbage collector frees',
];
const WORDINGS = [
  (x: string) => `I did not understand ${x}.`,
  (x: string) => `Still lost on ${x}, could you go over it again?`,
  (x: string) => `${x[0]!.toUpperCase()}${x.slice(1)} was confusing.`,
  (x: string) => `Could you explain ${x} with another example?`,
  (x: string) => `The part about ${x} went too fast for me.`,
];

export interface MeTooResult {
  grouping: { texts: number; me_toos: number; groups: number; p50_ms: number; p95_ms: number };
  students_list: { items: number; p50_ms: number; p95_ms: number };
  burst: {
    students: number;
    taps: number;
    ok: number;
    errors: number;
    statuses: Record<string, number>;
    p50_ms: number;
    p99_ms: number;
    seconds: number;
    texts_checked: number;
    counts_exact: boolean;
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One text of student `i`: one of the hall's confusions in one of its wordings. */
function sessionFeedback(i: number, lecture: Lecture): Record<string, unknown> {
  const confusion = CONFUSIONS[(i * 7) % CONFUSIONS.length]!;
  return {
    courseId: lecture.courseId,
    sessionId: lecture.sessionId,
    mindAfterSession: 'The homework due Friday.',
    unclearParts: WORDINGS[i % WORDINGS.length]!(confusion),
    wentWell: 'The live coding demo.',
    pace: 'just_right',
    challengeLevel: 'challenging_manageable',
    clarityRating: 1 + (i % 7),
    confidenceLevel: 5 * (i % 21),
  };
}

/** A hall: a lecture with "me too" on and 300 texts sent through the submissions function. */
async function hallWithTexts(stack: Stack, db: pg.Pool, hall: number): Promise<Lecture> {
  const [lecture] = await createLectures(db, 1, { topic: 'Recursion' });
  await db.query('update public.courses set peer_confusion = true where id = $1', [lecture!.courseId]);
  for (let i = 0; i < STUDENTS; i += 30) {
    await Promise.all(
      Array.from({ length: Math.min(30, STUDENTS - i) }, async (_, k) => {
        const student = i + k;
        const res = await request(
          'POST',
          `${stack.apiUrl}/functions/v1/submissions`,
          {
            'content-type': 'application/json',
            'x-device-id': `bench-me-too-author-${hall}-${student}`,
            // Each author's own address, so the set-up stays inside the per-address limits.
            'x-forwarded-for': `10.${hall}.${student >> 8}.${student & 255}`,
          },
          JSON.stringify(sessionFeedback(student, lecture!)),
        );
        if (res.status !== 201) throw new Error(`me too set-up: a submission was answered ${res.status}: ${res.text}`);
      }),
    );
  }
  return lecture!;
}

async function grouping(stack: Stack, db: pg.Pool): Promise<Pick<MeTooResult, 'grouping' | 'students_list'>> {
  const lecture = await hallWithTexts(stack, db, 1);
  // 3,000 "me too"s from as many devices, most of them on a few texts (random() squared).
  await db.query(
    `with texts as (select array_agg(id order by created_at) ids from public.submissions where class_session_id = $1)
     insert into public.me_too (submission_id, device_hash)
     select t.ids[1 + floor(array_length(t.ids, 1) * random() ^ 2)::int], encode(sha256(('bench ' || g || random())::text::bytea), 'hex')
     from texts t, generate_series(1, $2) g`,
    [lecture.sessionId, ME_TOOS],
  );
  await db.query('analyze public.me_too; analyze public.submissions');

  const jwt = await professorJwt(stack.jwtSecret, lecture.ownerId);
  const callShared = () =>
    fetch(`${stack.apiUrl}/rest/v1/rpc/shared_confusion`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ course_id: lecture.courseId }),
    });
  const shared = (await (await callShared()).json()) as { texts: number; students: number; groups: unknown[] };
  const sharedTimes = await timeCalls(callShared, 100);

  const listUrl = `${stack.apiUrl}/functions/v1/submissions/me-too?courseId=${lecture.courseId}&sessionId=${lecture.sessionId}`;
  const callList = () => fetch(listUrl, { headers: { 'x-device-id': 'bench-me-too-reader' } });
  const list = (await (await callList()).json()) as { items: unknown[] };
  const listTimes = await timeCalls(callList, 100);
  return {
    grouping: { texts: shared.texts, me_toos: shared.students - shared.texts, groups: shared.groups.length, ...sharedTimes },
    students_list: { items: list.items.length, ...listTimes },
  };
}

async function burst(stack: Stack, db: pg.Pool): Promise<MeTooResult['burst']> {
  const lecture = await hallWithTexts(stack, db, 2);
  const listUrl = `${stack.apiUrl}/functions/v1/submissions/me-too?courseId=${lecture.courseId}&sessionId=${lecture.sessionId}`;
  const { items } = (await (await fetch(listUrl, { headers: { 'x-device-id': 'bench-me-too-reader' } })).json()) as {
    items: { id: string }[];
  };
  if (items.length < TAPS_PER_STUDENT) throw new Error(`me too burst: students see ${items.length} texts`);

  const sent = new Map<string, number>();
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: STUDENTS }, async (_, student) => {
      // Students arrive spread over the 10 s, each tapping three texts, one after another.
      await sleep((student / STUDENTS) * BURST_SECONDS * 1000);
      for (let tap = 0; tap < TAPS_PER_STUDENT; tap++) {
        const text = items[(student * 5 + tap * 11) % items.length]!.id;
        const start = performance.now();
        const res = await request(
          'POST',
          `${stack.apiUrl}/functions/v1/submissions/me-too`,
          // The whole hall behind the campus's one address, as its Wi-Fi shows it.
          { 'content-type': 'application/json', 'x-device-id': `bench-me-too-student-${student}`, 'x-forwarded-for': '10.2.255.1' },
          JSON.stringify({ courseId: lecture.courseId, sessionId: lecture.sessionId, submissionId: text, meToo: true }),
        ).catch(() => ({ status: 0, text: '' }));
        latencies.push(performance.now() - start);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 200) sent.set(text, (sent.get(text) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const { rows } = await db.query<{ id: string; n: number }>(
    `select s.id, count(m.submission_id)::int as n from public.submissions s
     left join public.me_too m on m.submission_id = s.id where s.class_session_id = $1 group by s.id`,
    [lecture.sessionId],
  );
  const stored = new Map(rows.map((row) => [row.id, row.n]));
  const countsExact = rows.every((row) => row.n === (sent.get(row.id) ?? 0)) && [...sent.keys()].every((id) => stored.has(id));
  latencies.sort((a, b) => a - b);
  const ok = statuses['200'] ?? 0;
  return {
    students: STUDENTS,
    taps: STUDENTS * TAPS_PER_STUDENT,
    ok,
    errors: STUDENTS * TAPS_PER_STUDENT - ok,
    statuses,
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    seconds: round(seconds),
    texts_checked: rows.length,
    counts_exact: countsExact,
  };
}

export async function measureMeToo(stack: Stack, db: pg.Pool): Promise<MeTooResult> {
  const { grouping: grouped, students_list } = await grouping(stack, db);
  return { grouping: grouped, students_list, burst: await burst(stack, db) };
}
