// Faults beyond the Postgres restart (resilience.test.ts), each on a stack of its own: PostgREST
// killed mid-burst, each edge function killed mid-request, the auth service restarted while a
// professor is signed in, Postgres at its connection limit. After each: every request got an
// answer in time (2xx, or a clear 502/503/504 JSON error), every acknowledged submission is stored,
// and the stack serves again by itself (docs/decisions/resilience.md).
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLectures, type Lecture } from '../fixtures/lectures.ts';
import { lectureFeedback } from './lecture-feedback.ts';
import { signInWithEmailCode } from '../clients.ts';
import { startTemporaryStack } from '../temporary.ts';
import { ROOT, type StackOptions } from '../config.ts';
import { stackInfo, type Stack } from '../stack.ts';

/** What a student's browser would wait at most: the gateway's own limit is 60 s. */
const CLIENT_TIMEOUT_MS = 65_000;
/** How long the stack may take to serve again by itself (a Deno restart on a busy 2-core machine). */
const RECOVERY_MS = 90_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

interface Running {
  stack: Stack;
  db: pg.Pool;
  /** Every log line of the stack so far (the supervisor's restarts among them). */
  lines: string[];
}

const running: Running[] = [];

/** A stack of its own for one fault; its log goes to test-results/faults-<name>-stack.log. */
async function faultStack(name: string, options: Partial<StackOptions> = {}): Promise<Running> {
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  const file = createWriteStream(path.join(ROOT, 'test-results', `faults-${name}-stack.log`));
  const lines: string[] = [];
  const stack = await startTemporaryStack({
    ...options,
    log: (line) => {
      lines.push(line);
      file.write(`${new Date().toISOString()} ${line}\n`);
    },
  });
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 3 });
  db.on('error', () => {});
  const run = { stack, db, lines };
  running.push(run);
  return run;
}

afterEach(async () => {
  for (const { stack, db } of running.splice(0)) {
    await db.end().catch(() => {});
    await stack.stop();
  }
});

interface Answer {
  status: number;
  body: { id?: string; error?: string; message?: string; [key: string]: unknown };
  ms: number;
}

/** A request through the gateway that always resolves: status 0 when no answer came in time. */
async function request(url: string, init: RequestInit, timeoutMs = CLIENT_TIMEOUT_MS): Promise<Answer> {
  const began = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body: Answer['body'];
    try {
      body = JSON.parse(text) as Answer['body'];
    } catch {
      body = { error: `(not JSON) ${text.slice(0, 200)}` };
    }
    return { status: res.status, body, ms: Date.now() - began };
  } catch (error) {
    return { status: 0, body: { error: `no answer: ${(error as Error).message}` }, ms: Date.now() - began };
  }
}

function submit(stack: Stack, lecture: Lecture, device: string, ip: string, timeoutMs?: number): Promise<Answer> {
  return request(
    `${stack.apiUrl}/functions/v1/submissions`,
    {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${stack.anonKey}`,
        'content-type': 'application/json',
        'x-device-id': device,
        'x-forwarded-for': ip,
      },
      body: lectureFeedback(lecture, device),
    },
    timeoutMs,
  );
}

/** A fresh student address per request, so per-IP limits never take part. */
const studentIp = (i: number) => `198.51.${100 + Math.floor(i / 250)}.${1 + (i % 250)}`;

/** `total` calls of `one(i)` started evenly over `seconds`, while `fault` runs alongside. */
async function burst<T>(total: number, seconds: number, one: (i: number) => Promise<T>, fault: () => Promise<unknown> = async () => {}) {
  const began = Date.now();
  const answers = Promise.all(
    Array.from({ length: total }, async (_, i) => {
      await sleep(began + (i * seconds * 1000) / total - Date.now());
      return one(i);
    }),
  );
  await fault();
  return answers;
}

/**
 * The answer is a success, or a refusal a client can show and retry: 502 (the request was dropped
 * mid-way), 503 (down or restarting) or 504 (too slow), with a JSON message, in time.
 */
function expectSuccessOrClearRefusal(answer: Answer, success: number[]) {
  const context = JSON.stringify(answer);
  if (success.includes(answer.status)) return;
  expect([502, 503, 504], context).toContain(answer.status);
  expect(String(answer.body.error ?? answer.body.message ?? ''), context).toMatch(/\w/);
}

/** Every acknowledged submission is stored, with the text its student sent. */
async function expectStored(db: pg.Pool, acknowledged: { id: string; device: string }[]) {
  const { rows } = await db.query<{ id: string; unclear_parts: string }>(
    'select id, unclear_parts from public.submissions where id = any($1::uuid[])',
    [acknowledged.map((a) => a.id)],
  );
  const stored = new Map(rows.map((r) => [r.id, r.unclear_parts]));
  for (const a of acknowledged) expect(stored.get(a.id), a.id).toBe(`Answer from ${a.device}`);
}

/** Waits until `check` is true, at most `ms` (checked every 200 ms); fails with what was awaited otherwise. */
async function until(what: string, check: () => Promise<boolean>, ms = RECOVERY_MS) {
  await vi.waitFor(
    async () => {
      if (!(await check().catch(() => false))) throw new Error(`${what}: not within ${ms / 1000} s`);
    },
    { timeout: ms, interval: 200 },
  );
}

/** Submissions from `prefix`-named devices, started over `seconds`; their answers with device names. */
function submissionBurst(
  stack: Stack,
  lectures: Lecture[],
  prefix: string,
  total: number,
  seconds: number,
  fault?: () => Promise<unknown>,
) {
  return burst(
    total,
    seconds,
    async (i) => {
      const device = `${prefix}-${i}`;
      return { device, answer: await submit(stack, lectures[i % lectures.length], device, studentIp(i)) };
    },
    fault,
  );
}

function acknowledgedOf(results: { device: string; answer: Answer }[]) {
  return results.filter((r) => r.answer.status === 201).map((r) => ({ id: r.answer.body.id!, device: r.device }));
}

describe('faults', () => {
  it('PostgREST killed mid-burst: submissions unaffected, REST answers clearly, the supervisor restarts it', async () => {
    const { stack, db, lines } = await faultStack('postgrest');
    const lectures = await createLectures(db, 2);
    const professor = await signInWithEmailCode(stackInfo(stack));
    const code = `FAULT ${Date.now().toString(36).toUpperCase()}`;

    // Alongside 150 submissions over 3 s, the professor keeps creating courses through PostgREST
    // (supabase-js), four at a time, until the burst ends; PostgREST is killed after 1 s.
    let bursting = true;
    const writes: { name: string; status: number; id?: string; error?: unknown }[] = [];
    const write = async (name: string) => {
      const { data, error, status } = await professor.client
        .from('courses')
        .insert({ name: `Fault course ${name}`, code: `${code}-${name}`, timezone: 'UTC' })
        .select('id')
        .single();
      writes.push({ name, status, id: data?.id as string | undefined, error });
    };
    const professorLoad = Promise.all(
      Array.from({ length: 4 }, async (_, worker) => {
        for (let n = 0; bursting; n++) {
          await write(`${worker}-${n}`);
          await sleep(20);
        }
      }),
    );
    let endOutage = () => {};
    const outage = new Promise<void>((resolve) => (endOutage = resolve));
    const results = await submissionBurst(stack, lectures, 'postgrest-fault', 150, 3, async () => {
      await sleep(1000);
      // One write sent once PostgREST is dead: the supervisor starts it again only after this
      // write has its answer, so it meets the outage however slow a busy machine makes it.
      await stack.postgrest.crash({ restartAfter: outage });
      await write('at-the-kill');
      endOutage();
    });
    bursting = false;
    await professorLoad;

    expect(lines.some((l) => l.startsWith('[postgrest] exited (SIGKILL); restarting'))).toBe(true);
    // Students never touch PostgREST: every submission is acknowledged and stored.
    expect(results.filter((r) => r.answer.status !== 201).map((r) => r.answer)).toEqual([]);
    await expectStored(db, acknowledgedOf(results));

    // The professor's writes: each acknowledged one or refused clearly (never a network error).
    // The write sent while nothing listened was told to come back soon.
    expect(writes.find((w) => w.name === 'at-the-kill')?.status).toBe(503);
    for (const w of writes) {
      if (w.status === 201) continue;
      const context = JSON.stringify(w);
      expect([502, 503, 504], context).toContain(w.status);
      const error = w.error as { message?: string; error?: string } | null;
      expect(String(error?.message ?? error?.error ?? ''), context).toMatch(/\w/);
    }
    const ids = writes.filter((w) => w.status === 201).map((w) => w.id!);
    const {
      rows: [{ count }],
    } = await db.query<{ count: string }>('select count(*) from public.courses where id = any($1::uuid[])', [ids]);
    expect(Number(count)).toBe(ids.length);

    // PostgREST is back without anyone restarting it: the professor reads and writes again.
    await until('REST serves again', async () => {
      const { status } = await professor.client.rpc('my_courses');
      return status === 200;
    });
    const { status } = await professor.client.from('courses').insert({ name: 'After the fault', code: `${code}-after`, timezone: 'UTC' });
    expect(status).toBe(201);
  }, 150_000);

  it('each edge function killed mid-request: clear 502/503s, no lost acknowledged write, restarted by itself', async () => {
    const { stack, db, lines } = await faultStack('functions');
    const lectures = await createLectures(db, 2);
    const base = `${stack.apiUrl}/functions/v1`;
    const anon = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
    // The team function's caller: a course owner, with courses enough that no team reaches its
    // limit of 20 (15 invitations each during the burst; the last course for the calls after it).
    const owner = await signInWithEmailCode(stackInfo(stack));
    const { rows: teamCourses } = await db.query<{ id: string }>(
      `insert into public.courses (owner_id, name, code, timezone)
       select $1, 'Team fault ' || n, 'TEAM-FAULT-' || n, 'UTC' from generate_series(1, 10) n returning id`,
      [owner.userId],
    );
    const ownerHeaders = { apikey: stack.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' };
    // The replies function's caller: the same owner, answering (again and again) one submission of theirs.
    const {
      rows: [replyTarget],
    } = await db.query<{ id: string }>(
      `with s as (
         insert into public.class_sessions (course_id, session_date, expires_at) values ($1, current_date, now() + interval '1 day')
         returning id, course_id
       )
       insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level)
       select course_id, id, 'quick', repeat('0', 64), 'Faults', 'A submission the replies burst answers.', 'very' from s
       returning id`,
      [teamCourses[teamCourses.length - 1].id],
    );

    // One request of each function: its success status, and the id of what it stored (if any).
    const calls: Record<string, { success: number; call: (i: number) => Promise<Answer & { table?: string }> }> = {
      health: {
        success: 200,
        call: () => request(`${base}/health`, { headers: anon }),
      },
      submissions: {
        success: 201,
        call: async (i) => ({ ...(await submit(stack, lectures[i % 2], `fn-fault-${i}`, studentIp(i))), table: 'submissions' }),
      },
      'user-stories': {
        success: 201,
        call: async (i) => {
          // A fresh address per story: the per-IP token and create limits never take part.
          const ip = `203.0.${113 + Math.floor(i / 250)}.${1 + (i % 250)}`;
          // The voting token comes from the same function: a refused GET is the answer then.
          const board = await request(`${base}/user-stories`, { headers: { ...anon, 'x-forwarded-for': ip } });
          const token = board.body.sessionToken as string | undefined;
          if (board.status !== 200 || !token) return board;
          const answer = await request(`${base}/user-stories`, {
            method: 'POST',
            headers: { ...anon, 'content-type': 'application/json', 'x-session-token': token, 'x-forwarded-for': ip },
            body: JSON.stringify({
              title: `Fault story ${i}`,
              description: 'Written while the function restarts.',
              impact: 5,
              confidence: 5,
              ease: 5,
            }),
          });
          return { ...answer, table: 'user_stories' };
        },
      },
      team: {
        success: 201,
        call: async (i) => {
          const course = teamCourses[Math.min(Math.floor(i / 15), teamCourses.length - 1)];
          const answer = await request(`${base}/team`, {
            method: 'POST',
            headers: ownerHeaders,
            body: JSON.stringify({ courseId: course.id, email: `fault-${i}@example.edu`, role: 'ta' }),
          });
          return { ...answer, table: 'course_invitations' };
        },
      },
      // The LMS's side of the tool: its public keys, which a platform fetches to verify the tool.
      lti: {
        success: 200,
        call: () => request(`${base}/lti/jwks`, { headers: anon }),
      },
      // The after-class summary's unsubscribe page: its confirmation, which writes nothing.
      'class-summaries': {
        success: 200,
        call: () => request(`${base}/class-summaries/unsubscribe?token=${'a'.repeat(43)}`, { headers: anon }),
      },
      replies: {
        success: 200,
        call: (i) =>
          request(`${base}/replies`, {
            method: 'POST',
            headers: ownerHeaders,
            body: JSON.stringify({ submissionId: replyTarget.id, body: `Reply ${i}, written while the function restarts.` }),
          }),
      },
    };
    expect(stack.functions.map((f) => f.name).sort()).toEqual(Object.keys(calls).sort());

    for (const fn of stack.functions) {
      const { success, call } = calls[fn.name];
      const restartsBefore = lines.filter((l) => l.startsWith(`[fn:${fn.name}] exited (SIGKILL)`)).length;
      const answers = await burst(120, 3, call, async () => {
        await sleep(1000);
        void fn.process.crash();
      });
      expect(lines.filter((l) => l.startsWith(`[fn:${fn.name}] exited (SIGKILL)`)).length).toBe(restartsBefore + 1);
      // The outage was felt: a request dropped mid-way or refused while the process restarted.
      expect(answers.filter((a) => a.status !== success).length, fn.name).toBeGreaterThan(0);
      for (const a of answers) expectSuccessOrClearRefusal(a, [success]);
      const stored = answers.filter((a) => a.status === success && a.table);
      for (const table of new Set(stored.map((a) => a.table!))) {
        const ids = stored.filter((a) => a.table === table).map((a) => a.body.id!);
        const {
          rows: [{ count }],
        } = await db.query<{ count: string }>(`select count(*) from public.${table} where id = any($1::uuid[])`, [ids]);
        expect(Number(count), `${fn.name}: acknowledged rows stored`).toBe(ids.length);
      }
      // The supervisor restarted it: the function serves again, with no one touching it.
      let n = 10_000;
      await until(`${fn.name} serves again`, async () => (await call(n++)).status === success);
    }
  }, 240_000);

  it('auth restarted while a professor is signed in: the session survives and refreshes across it', async () => {
    const { stack, db } = await faultStack('auth');
    const lectures = await createLectures(db, 1);
    const professor = await signInWithEmailCode(stackInfo(stack));
    const { data: before } = await professor.client.auth.getSession();
    expect(before.session?.access_token).toBe(professor.accessToken);
    const myCourses = async () => (await professor.client.rpc('my_courses')).status;

    await stack.stopAuth();
    // Down: a clear, retryable 503 (supabase-js keeps the session on it), not a sign-out.
    const down = await request(`${stack.apiUrl}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${professor.accessToken}` },
    });
    expect(down.status).toBe(503);
    expect(down.body.error).toMatch(/\w/);
    const { error: userError } = await professor.client.auth.getUser();
    expect(userError?.status).toBe(503);
    expect((await professor.client.auth.getSession()).data.session?.refresh_token).toBe(before.session?.refresh_token);
    // What the professor reads needs no auth service: PostgREST checks the JWT itself.
    expect(await myCourses()).toBe(200);
    // Students keep submitting.
    const during = await submissionBurst(stack, lectures, 'auth-fault', 40, 1);
    expect(during.filter((r) => r.answer.status !== 201).map((r) => r.answer)).toEqual([]);
    await expectStored(db, acknowledgedOf(during));

    // A refresh started while auth is down retries (supabase-js backs off on 503) and succeeds once
    // a new instance serves: the refresh token outlived the restart.
    const refreshing = professor.client.auth.refreshSession();
    await sleep(1500);
    stack.restartAuth();
    const { data: refreshed, error: refreshError } = await refreshing;
    expect(refreshError).toBeNull();
    expect(refreshed.session?.access_token).toBeTruthy();
    expect(refreshed.session?.access_token).not.toBe(before.session?.access_token);
    expect(refreshed.user?.id).toBe(professor.userId);
    const { data: user, error } = await professor.client.auth.getUser();
    expect(error).toBeNull();
    expect(user.user?.email).toBe(professor.email);
    expect(await myCourses()).toBe(200);
    // And signing in works again, for someone new.
    const other = await signInWithEmailCode(stackInfo(stack));
    expect(other.accessToken).toBeTruthy();
  }, 120_000);

  it('Postgres at its connection limit: functions answer 503 at once, acknowledged writes are stored, service resumes', async () => {
    const { stack, db } = await faultStack('connections', { maxConnections: 60 });
    const lectures = await createLectures(db, 2);
    const base = `${stack.apiUrl}/functions/v1`;
    const anon = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
    // The submissions function opened its pool at start-up; a first burst uses it.
    const warm = await submissionBurst(stack, lectures, 'limit-warm', 30, 1);
    expect(warm.filter((r) => r.answer.status !== 201).map((r) => r.answer)).toEqual([]);

    // Take every connection Postgres will give to `postgres`, and keep
    // taking any that frees up while the fault lasts.
    const held: pg.Client[] = [];
    let refusals = 0;
    /** Opens one more connection and keeps it; false once Postgres says it has no slot left. */
    const grab = async () => {
      const client = new pg.Client({ connectionString: stack.dbUrl, connectionTimeoutMillis: 20_000 });
      client.on('error', () => {});
      try {
        await client.connect();
        held.push(client);
        return true;
      } catch (error) {
        await client.end().catch(() => {});
        // Anything but "sorry, too many clients already" (53300) is a failure of the test itself.
        if ((error as { code?: string }).code !== '53300') throw error;
        refusals += 1;
        return false;
      }
    };
    while (refusals === 0) {
      expect(held.length).toBeLessThan(200);
      await Promise.all(Array.from({ length: 5 }, grab));
    }
    let holding = true;
    const keepFull = (async () => {
      while (holding) {
        await grab().catch(() => false);
        await sleep(25);
      }
    })();

    try {
      // Functions without an open connection answer 503 quickly; the submissions function keeps
      // serving on the connections it holds (or answers 503 too): nothing hangs.
      const QUICK_MS = 10_000;
      const [signIn, health, board, submissions] = await Promise.all([
        // The auth service's pool is cold too: a clear (retryable) 503, not a 500.
        burst(3, 1, (i) =>
          request(
            `${stack.apiUrl}/auth/v1/otp`,
            {
              method: 'POST',
              headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
              body: JSON.stringify({ email: `limit-${i}@example.edu`, create_user: true }),
            },
            30_000,
          ),
        ),
        burst(10, 1, () => request(`${base}/health`, { headers: anon }, 30_000)),
        burst(20, 1, (i) => request(`${base}/user-stories`, { headers: { ...anon, 'x-forwarded-for': studentIp(i) } }, 30_000)),
        submissionBurst(stack, lectures, 'limit-full', 60, 2),
      ]);
      for (const a of signIn) expect([200, 503], JSON.stringify(a)).toContain(a.status);
      for (const a of [...signIn, ...health, ...board, ...submissions.map((r) => r.answer)]) {
        expect(a.ms, JSON.stringify(a)).toBeLessThan(QUICK_MS);
      }
      for (const a of health) expect([200, 503], JSON.stringify(a)).toContain(a.status);
      expect(health.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      for (const a of board) {
        expect([200, 503], JSON.stringify(a)).toContain(a.status);
        if (a.status === 503) expect(a.body.error).toMatch(/temporarily unavailable/);
      }
      expect(board.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      for (const r of submissions) {
        expect([201, 503], JSON.stringify(r.answer)).toContain(r.answer.status);
        if (r.answer.status === 503) expect(r.answer.body.error).toMatch(/temporarily unavailable/);
      }
      await expectStored(db, acknowledgedOf([...warm, ...submissions]));
      // A refused submission never ran: only the acknowledged ones are there.
      const {
        rows: [{ count }],
      } = await db.query<{ count: string }>("select count(*) from public.submissions where unclear_parts like 'Answer from limit-full-%'");
      expect(Number(count)).toBe(acknowledgedOf(submissions).length);
    } finally {
      holding = false;
      await keepFull;
      await Promise.all(held.map((c) => c.end().catch(() => {})));
    }

    // Released: every function serves again by itself.
    await until('health serves again', async () => (await request(`${base}/health`, { headers: anon }, 10_000)).status === 200);
    await until('the board serves again', async () => (await request(`${base}/user-stories`, { headers: anon }, 10_000)).status === 200);
    let n = 0;
    await until(
      'submissions serve again',
      async () => (await submit(stack, lectures[0], `limit-after-${n}`, studentIp(n++), 10_000)).status === 201,
    );
  }, 150_000);
});
