// Runs SQL the way PostgREST does for a signed-in professor, inside one transaction that is
// rolled back: rows arranged first (as `postgres`) share the transaction's now().
import pg from 'pg';
import { adminDatabaseUrl } from '../../stack/postgres.ts';
import { RUN_TIME_ZONE } from '../../testing/timeZone.ts';
import { db, stack } from '../../testing/vitest.ts';

let adminPool: pg.Pool | undefined;
/**
 * The cluster's superuser (supabase_admin), for what `postgres` may not do on hosted Supabase
 * either (loading auto_explain, say). Everything else arranges as `postgres`, through db().
 */
function admin(): pg.Pool {
  adminPool ??= new pg.Pool({ connectionString: adminDatabaseUrl(Number(new URL(stack().dbUrl).port)), max: 2 });
  return adminPool;
}

export interface Tx {
  /** As `postgres` (or the superuser, with `{ superuser: true }`): arranging rows. */
  arrange<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  /** As `authenticated` with the given user's claims (or `anon` without one): what the API would do. */
  as<T extends pg.QueryResultRow = pg.QueryResultRow>(userId: string | null, sql: string, params?: unknown[]): Promise<T[]>;
  /** Notices the server sent during the transaction (e.g. auto_explain plans). */
  notices: string[];
}

export async function inRolledBackTransaction<T>(work: (tx: Tx) => Promise<T>, options: { superuser?: boolean } = {}): Promise<T> {
  const client = await (options.superuser ? admin() : db()).connect();
  let savepoint = 0;
  const notices: string[] = [];
  const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '');
  client.on('notice', onNotice);
  const tx: Tx = {
    notices,
    arrange: async (sql, params) => (await client.query(sql, params)).rows,
    as: async (userId, sql, params) => {
      const name = `as_${savepoint++}`;
      await client.query(`savepoint ${name}`);
      try {
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify(userId ? { sub: userId, role: 'authenticated' } : { role: 'anon' }),
        ]);
        await client.query(`set local role ${userId ? 'authenticated' : 'anon'}`);
        const rows = (await client.query(sql, params)).rows;
        await client.query('reset role');
        await client.query(`release savepoint ${name}`);
        return rows;
      } catch (error) {
        // Keep the transaction usable for the next step of the test.
        await client.query(`rollback to savepoint ${name}`);
        await client.query('reset role');
        throw error;
      }
    },
  };
  try {
    await client.query('begin');
    return await work(tx);
  } finally {
    await client.query('rollback').catch(() => {});
    client.off('notice', onNotice);
    client.release();
  }
}

// Rows arranged inside the transaction, for the tests that share its now().

/** An account, as signing in would make it; returns its id. */
export async function arrangeUser(tx: Tx): Promise<string> {
  const [user] = await tx.arrange<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
             'user-' || gen_random_uuid() || '@example.edu', now(), now()) returning id`,
  );
  return user.id;
}

/** A professor with one course (in the run's time zone unless told) and today's class session in it. */
export async function professorWithCourse(tx: Tx, opts: { timezone?: string; topic?: string } = {}) {
  const timezone = opts.timezone ?? RUN_TIME_ZONE;
  const userId = await arrangeUser(tx);
  const [course] = await tx.arrange<{ id: string }>(
    `insert into public.courses (owner_id, name, code, timezone)
     values ($1, 'Test Course', 'TX ' || substr(md5(random()::text), 1, 10), $2) returning id`,
    [userId, timezone],
  );
  const [session] = await tx.arrange<{ id: string; session_date: string }>(
    `insert into public.class_sessions (course_id, session_date, expires_at, topic)
     select $1, d.session_date, d.expires_at, $3 from private.class_day($2, now()) d
     returning id, session_date::text`,
    [course.id, timezone, opts.topic ?? null],
  );
  return { userId, courseId: course.id, sessionId: session.id, sessionDate: session.session_date };
}
