// Calling the edge functions as the web client does (supabase.functions.invoke) or with raw
// fetch for malformed requests, plus the privacy scan every test file ends with.
import { randomInt, randomUUID } from 'node:crypto';
import { FunctionsFetchError, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { RUN_TIME_ZONE } from '../../../testing/timeZone.ts';
import { anonClient, db, stack } from '../../../testing/vitest.ts';
import { createAuthUser, createCourse, createSession, sha256 } from '../fixtures.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, whose shape is what the tests assert
export interface Reply<T = any> {
  status: number;
  data: T;
  headers: Headers;
}

/**
 * The secrets a test file handed to or got from the functions: IPs, device ids, user agents and
 * raw tokens. None of them may ever be found in the database.
 */
export const secrets = new Set<string>();
/** IPs and device ids: not even their plain (unkeyed) SHA-256 may be stored. */
const identifiers = new Set<string>();

/** A header that pins the functions' clock for a burst's requests (stack/clients.ts). */
export { pinnedClock } from '../../../stack/clients.ts';

/** A client address of its own for each caller (CGNAT range), so rate limits do not collide. */
export function fakeIp(): string {
  const ip = `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;
  secrets.add(ip);
  identifiers.add(ip);
  return ip;
}

/**
 * An IPv6 client address of its own (documentation range 2001:db8::/32), remembered like fakeIp's,
 * with the /64 it is counted by.
 */
export function fakeIpv6(): string {
  const group = () => randomInt(0x10000).toString(16);
  const prefix = `2001:db8:${group()}:${group()}`;
  const ip = `${prefix}:${group()}:${group()}:${group()}:${group()}`;
  for (const value of [ip, `${prefix}::/64`]) {
    secrets.add(value);
    identifiers.add(value);
  }
  return ip;
}

export function deviceId(): string {
  const id = `device-${randomUUID()}`;
  secrets.add(id);
  identifiers.add(id);
  return id;
}

export const USER_AGENT = `ClassPulseTest/1.0 (X11; Linux x86_64) Mozilla/5.0 ${randomUUID()}`;
secrets.add(USER_AGENT);

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  client?: SupabaseClient;
}

/** supabase.functions.invoke, with any non-2xx read through `error.context` as the web does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Reply above
export async function invoke<T = any>(path: string, opts: CallOptions = {}): Promise<Reply<T>> {
  const client = opts.client ?? anonClient();
  const { data, error, response } = await client.functions.invoke(path, {
    method: opts.method ?? 'POST',
    body: opts.body as Record<string, unknown> | undefined,
    headers: { 'user-agent': USER_AGENT, ...opts.headers },
  });
  if (error) {
    // A request that failed to go or to come back: the reason is the underlying fetch's error.
    if (error instanceof FunctionsFetchError && error.context instanceof Error) throw error.context;
    if (!(error instanceof FunctionsHttpError)) throw error;
    const res = error.context as Response;
    return { status: res.status, data: await res.json(), headers: res.headers };
  }
  return { status: response!.status, data: data as T, headers: response!.headers };
}

/** A raw request to /functions/v1/<path>, for bodies the client library would never send. */
export async function raw(path: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(`${stack().apiUrl}/functions/v1/${path}`, {
    method: 'POST',
    ...init,
    headers: { apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}`, ...(init.headers as Record<string, string>) },
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // left as text
  }
  return { status: res.status, data, headers: res.headers };
}

/**
 * POSTs `payload` as a streamed body (chunked: no Content-Length), as a client that does not know
 * the size up front would. The function answers 413 as soon as it has read 64 KB and the gateway
 * then closes the connection, so the client may fail to finish writing (EPIPE, ECONNRESET) before
 * it reads that answer: 'closed' then, which is as much a refusal.
 */
export async function rawStreamed(path: string, payload: Uint8Array, headers: Record<string, string>): Promise<Reply | 'closed'> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < payload.length; i += 16 * 1024) controller.enqueue(payload.subarray(i, i + 16 * 1024));
      controller.close();
    },
  });
  try {
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body
    return await raw(path, { method: 'POST', body, headers, duplex: 'half' });
  } catch (error) {
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    if (code === 'EPIPE' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'closed';
    throw error;
  }
}

/**
 * A burst's answers: exactly `accepted` of them `okStatus` (201 unless told), the other `limited`
 * refused with 429, the body `refusal` and a Retry-After in seconds. Returns the accepted ones.
 */
export function expectRateLimited(
  replies: Reply[],
  expected: { accepted: number; limited: number; refusal: object; okStatus?: number },
): Reply[] {
  const accepted = replies.filter((r) => r.status === (expected.okStatus ?? 201));
  const limited = replies.filter((r) => r.status === 429);
  expect([accepted.length, limited.length]).toEqual([expected.accepted, expected.limited]);
  for (const r of limited) {
    expect(r.data).toEqual(expected.refusal);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  return accepted;
}

/** A professor's course (zone as given) with today's open class session. */
export async function courseWithSession(timezone = RUN_TIME_ZONE) {
  const owner = await createAuthUser();
  const course = await createCourse(owner, { timezone });
  const session = await createSession(course.id);
  return { courseId: course.id, sessionId: session.id, ownerId: owner };
}

export async function rowsIn(sessionId: string): Promise<number> {
  const { rows } = await db().query('select count(*)::int as n from public.submissions where class_session_id = $1', [sessionId]);
  return rows[0].n;
}

export const quick = (courseId: string, sessionId: string, extra: Record<string, unknown> = {}) => ({
  courseId,
  sessionId,
  topic: 'Recursion',
  confusion: 'How does the base case stop the calls?',
  difficultyLevel: 'very',
  ...extra,
});

export const sessionFeedback = (courseId: string, sessionId: string, extra: Record<string, unknown> = {}) => ({
  courseId,
  sessionId,
  mindAfterSession: 'The homework due Friday.',
  unclearParts: 'Tail recursion and the call stack.',
  wentWell: 'The live coding demo.',
  pace: 'just_right',
  challengeLevel: 'challenging_manageable',
  clarityRating: 4,
  confidenceLevel: 50,
  ...extra,
});

/** Headers of one student: own device and address. */
export function student(ip = fakeIp()): Record<string, string> {
  return { 'x-device-id': deviceId(), 'x-forwarded-for': ip };
}

/**
 * Scans every text-like column of every table in `public` for the secrets this file used, for
 * anything shaped like an IPv4 address, and for user-agent strings; and every such column in
 * `auth` for the secrets (Supabase Auth keeps its own sign-ins' addresses and user agents there,
 * which are not ours to judge, but nothing a function was sent may reach it). Returns what it found.
 */
export async function findStoredSecrets(): Promise<string[]> {
  const { rows: columns } = await db().query<{ table_schema: string; table_name: string; column_name: string }>(
    `select c.table_schema, c.table_name, c.column_name
     from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema in ('public', 'auth') and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'inet', 'cidr', 'ARRAY', 'USER-DEFINED')
     order by 1, 2, 3`,
  );
  expect(columns.filter((c) => c.table_schema === 'public').length).toBeGreaterThan(10);
  expect(columns.filter((c) => c.table_schema === 'auth').length).toBeGreaterThan(10);
  const byTable = new Map<string, { schema: string; name: string; cols: string[] }>();
  for (const { table_schema, table_name, column_name } of columns) {
    const key = `${table_schema}.${table_name}`;
    const entry = byTable.get(key) ?? { schema: table_schema, name: table_name, cols: [] };
    entry.cols.push(column_name);
    byTable.set(key, entry);
  }
  const needles = [...secrets];
  for (const id of identifiers) needles.push(sha256(id), sha256(`ip:${id}`), sha256(`device:${id}`));
  const found: string[] = [];
  await Promise.all(
    [...byTable].map(async ([table, { schema, name, cols }]) => {
      const text = `concat_ws(' ', ${cols.map((c) => `"${c}"::text`).join(', ')})`;
      const patterns =
        schema === 'public'
          ? `or ${text} ~ '(^|[^0-9.])([0-9]{1,3}\\.){3}[0-9]{1,3}($|[^0-9.])'
             or ${text} ~* '(mozilla/|applewebkit|user-agent|undici)'`
          : '';
      const { rows } = await db().query(
        `select ${text} as value from "${schema}"."${name}"
         where ${text} like any ($1::text[]) ${patterns}
         limit 5`,
        [needles.map((n) => `%${n.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)],
      );
      for (const r of rows) found.push(`${table}: ${String(r.value).slice(0, 200)}`);
    }),
  );
  return found;
}

export async function expectNoSecretsStored(): Promise<void> {
  expect(await findStoredSecrets()).toEqual([]);
}
