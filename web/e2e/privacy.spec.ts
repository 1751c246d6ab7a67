// Runs last, after every other browser test (the "privacy" project): whatever those students,
// voters and professors did through real browsers, nothing that identifies a student or a voter
// was stored. Supabase Auth's own tables (`auth`) are not ours and keep sign-in addresses.
import { expect, test } from '@playwright/test';
import type pg from 'pg';
import { db } from './support/stack';

const IPV4 = String.raw`(^|[^0-9.])([0-9]{1,3}\.){3}[0-9]{1,3}($|[^0-9.])`;
const USER_AGENT = String.raw`(mozilla/|applewebkit|headlesschrome|user-agent)`;
// Edit tokens are "<submission id>.<secret>"; secrets and voting tokens are 43 base64url characters.
const RAW_TOKEN = String.raw`([0-9a-f-]{36}\.|(^|[^A-Za-z0-9_-]))[A-Za-z0-9_-]{43}($|[^A-Za-z0-9_-])`;

/** Every text-like value of every table in `public` that looks like an address, a browser or a token. */
async function identifyingValues(client: pg.PoolClient): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `select c.table_name as name, array_agg(c.column_name::text order by c.ordinal_position) as columns
     from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'inet', 'cidr', 'ARRAY', 'USER-DEFINED')
     group by c.table_name order by 1`,
  );
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining([
      'submissions',
      'user_stories',
      'anonymous_sessions',
      'rate_limit_buckets',
      'submission_replies',
      'session_notes',
      'reply_push_subscriptions',
      'me_too',
    ]),
  );
  const found: string[] = [];
  for (const { name, columns } of tables) {
    const value = `concat_ws(' ', ${columns.map((c) => `"${c}"::text`).join(', ')})`;
    const { rows } = await client.query<{ value: string }>(
      `select ${value} as value from public."${name}" where ${value} ~ $1 or ${value} ~* $2 or ${value} ~ $3 limit 5`,
      [IPV4, USER_AGENT, RAW_TOKEN],
    );
    found.push(...rows.map((r) => `${name}: ${r.value.slice(0, 200)}`));
  }
  return found;
}

test('after the whole browser run no table holds an IP address, a user agent or a raw token', async () => {
  const client = await db().connect();
  try {
    const { rows } = await client.query<{ submissions: number; voters: number }>(
      `select (select count(*)::int from public.submissions where created_at > now() - interval '1 hour') as submissions,
              (select count(*)::int from public.anonymous_sessions where created_at > now() - interval '1 hour') as voters`,
    );
    // The run wrote feedback and issued voting tokens, so there was something to leak.
    expect(rows[0]!.submissions).toBeGreaterThan(0);
    expect(rows[0]!.voters).toBeGreaterThan(0);

    // The scan finds each kind of leak when one is planted (then rolled back)…
    await client.query('begin');
    const planted = {
      ip: 'seen from 203.0.113.9 today',
      agent: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0',
      token: `${crypto.randomUUID()}.${'A'.repeat(21)}_${'b'.repeat(21)}`,
    };
    for (const description of Object.values(planted)) {
      await client.query(
        `insert into public.user_stories (title, description, impact, confidence, ease, session_token_hash)
         values ('Privacy probe', $1, 5, 5, 5, repeat('0', 64))`,
        [description],
      );
    }
    const probe = await identifyingValues(client);
    await client.query('rollback');
    for (const text of Object.values(planted)) expect(probe.some((f) => f.includes(text))).toBe(true);

    // …and finds none in what the run stored.
    expect(await identifyingValues(client)).toEqual([]);
  } finally {
    client.release();
  }
});
