// `npm run bench -- grouping` (docs/decisions/grouping.md): the confusion groups against a teacher's
// labels. Each class session of bench/fixtures/confusions.json (the set the method was tuned on) and
// bench/fixtures/confusions-unseen.json (never used to tune it) becomes a closed class session of
// its own course, its texts written in a fixed shuffled order a minute apart; the teaching team's
// shared_confusion (the live view's and Session Insights' read, through PostgREST) groups them, and
// the groups are compared with the labels. Then a session of 3,000 texts (the labelled texts drawn
// again and again) is read for the first time, and again while nothing changes.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { createLectures, professorJwt } from '../stack/fixtures/lectures.ts';
import type { Stack } from '../stack/stack.ts';
import { timeCalls } from './analytics.ts';
import { type GroupingQuality, groupingQuality, type LabelledText } from './grouping-quality.ts';

interface FixtureSession {
  id: string;
  course: string;
  title: string;
  texts: LabelledText[];
}

export interface GroupingResult {
  sessions: (GroupingQuality & { set: 'tuned' | 'unseen'; session: string; first_read_ms: number })[];
  large: { texts: number; groups: number; status: number; first_read_ms: number; p50_ms?: number; p95_ms?: number };
}

const LARGE = 3_000;

function fixture(name: string): FixtureSession[] {
  return (JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as { sessions: FixtureSession[] }).sessions;
}

/** The same order on every run (a linear congruential generator seeded with `seed`). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A closed class session of a course of its own holding `texts`, written in this order a minute apart. */
async function sessionWith(db: pg.Pool, title: string, texts: readonly string[]) {
  const [lecture] = await createLectures(db, 1, { topic: title });
  await db.query(
    `insert into public.submissions (course_id, class_session_id, kind, topic, edit_token_hash, mind_after_session,
       unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level, created_at, updated_at)
     select $1, $2, 'session', $3, encode(sha256(convert_to(gen_random_uuid()::text, 'utf8')), 'hex'), 'The homework.',
       t.body, 'The examples.', 'just_right', 'challenging_manageable', 4, 50,
       now() - make_interval(mins => $5 - t.n::int), now() - make_interval(mins => $5 - t.n::int)
     from unnest($4::text[]) with ordinality as t(body, n)`,
    [lecture!.courseId, lecture!.sessionId, title, texts, texts.length],
  );
  await db.query('update public.class_sessions set is_active = false where id = $1', [lecture!.sessionId]);
  const { rows } = await db.query<{ id: string; body: string }>(
    'select id, unclear_parts as body from public.submissions where class_session_id = $1 order by created_at',
    [lecture!.sessionId],
  );
  return { ...lecture!, ids: rows.map((row) => row.id) };
}

interface Shared {
  texts: number;
  groups: { id: string; top: { id: string }; others: { id: string }[] }[];
}

export async function measureGrouping(stack: Stack, db: pg.Pool): Promise<GroupingResult> {
  const readAs = async (ownerId: string, courseId: string, sessionId: string) => {
    const jwt = await professorJwt(stack.jwtSecret, ownerId);
    return () =>
      fetch(`${stack.apiUrl}/rest/v1/rpc/shared_confusion`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ course_id: courseId, session_id: sessionId }),
      });
  };
  /** One read, timed: its status, its answer when it is a 2xx, and how long it took. */
  const timedRead = async (call: () => Promise<Response>) => {
    const start = performance.now();
    const res = await call();
    const body = await res.text();
    const ms = Math.round(performance.now() - start);
    return { status: res.status, shared: res.ok ? (JSON.parse(body) as Shared) : undefined, body, ms };
  };

  const sessions: GroupingResult['sessions'] = [];
  for (const [set, file] of [
    ['tuned', 'confusions.json'],
    ['unseen', 'confusions-unseen.json'],
  ] as const) {
    for (const [index, session] of fixture(file).entries()) {
      const texts = shuffled(session.texts, index + 1);
      const lecture = await sessionWith(
        db,
        session.title,
        texts.map((t) => t.text),
      );
      const { status, shared, body, ms } = await timedRead(await readAs(lecture.ownerId, lecture.courseId, lecture.sessionId));
      if (!shared) throw new Error(`grouping: shared_confusion answered ${status}: ${body}`);
      const groupOfText = new Map<string, string>();
      for (const group of shared.groups) for (const text of [group.top, ...group.others]) groupOfText.set(text.id, group.id);
      const groupOf = lecture.ids.map((id) => groupOfText.get(id) ?? `missing ${id}`);
      sessions.push({ set, session: session.id, first_read_ms: ms, ...groupingQuality(texts, groupOf) });
    }
  }

  const pool = fixture('confusions.json').flatMap((session) => session.texts.map((t) => t.text));
  const large = shuffled(
    Array.from({ length: LARGE }, (_, i) => pool[i % pool.length]!),
    7,
  );
  const lecture = await sessionWith(db, 'A term of texts', large);
  const call = await readAs(lecture.ownerId, lecture.courseId, lecture.sessionId);
  const { status, shared, ms } = await timedRead(call);
  if (!shared) return { sessions, large: { texts: LARGE, groups: 0, status, first_read_ms: ms } };
  const again = await timeCalls(call, 20);
  return { sessions, large: { texts: shared.texts, groups: shared.groups.length, status, first_read_ms: ms, ...again } };
}
