// Anonymous write limits. Counting happens in Postgres (one atomic upsert per bucket); this file
// decides what is counted: keyed hashes of the client's IP and device id, never the raw values.
import { clientIp } from './client-ip.ts';
import { pinnedTime, testClockAllowed } from './clock.ts';
import { db } from './db.ts';
import { HttpError } from './errors.ts';
import { dailyKey, derivedKey, hmacHex } from './tokens.ts';

function masterSecret(): string {
  const secret = Deno.env.get('RATE_LIMIT_SECRET') || Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!secret) throw new Error('RATE_LIMIT_SECRET (or SUPABASE_SERVICE_ROLE_KEY) is not set');
  return secret;
}

const TEST_CLOCK = testClockAllowed((name) => Deno.env.get(name));

/**
 * The time this request's per-minute limits count at: undefined (the database's now()) except in
 * the test stack, where a test may pin it (clock.ts).
 */
export const limitClock = (headers: Headers): Date | undefined => pinnedTime(headers, TEST_CLOCK);

/**
 * The keyed hash (hex) a value is counted under on the day of `at` (today unless a test pinned the
 * clock), for per-minute limits; undefined when there is no value.
 */
export async function rateLimitKey(kind: 'ip' | 'device', value: string | undefined, at?: Date): Promise<string | undefined> {
  if (!value) return undefined;
  return hmacHex(await dailyKey(masterSecret(), at), `${kind}:${value}`);
}

/**
 * The base key of a device id or IP for the class-session limits: a keyed hash under the master
 * secret that does not rotate. It is never stored: create_submission derives the keys it stores
 * from it, per class session (so a count lasts the whole session, however late it runs) and per
 * UTC day for the per-minute limit, and those cannot be linked to each other without it.
 * `device-ip` stands in for a device id the request did not send: such requests from one address
 * share one device allowance.
 */
export async function sessionBaseKey(kind: 'ip' | 'device' | 'device-ip', value: string | undefined): Promise<string | undefined> {
  if (!value) return undefined;
  return hmacHex(await derivedKey(masterSecret(), 'rate-limit:class-session-base'), `${kind}:${value}`);
}

/**
 * Counts one request in a fixed window for the caller's IP; throws a 429 with Retry-After when
 * the window is full. Without a known IP nothing is counted.
 */
export async function limitByIp(headers: Headers, bucket: string, limit: number, windowSeconds: number, message: string): Promise<void> {
  const at = limitClock(headers);
  const key = await rateLimitKey('ip', clientIp(headers), at);
  if (!key) return;
  const [row] = await db()`
    select public.consume_rate_limit(${bucket}, ${key}, ${windowSeconds}::integer, ${limit}::integer, ${at ?? null}::timestamptz) as wait`;
  const wait = Number(row.wait);
  if (wait > 0) throw new HttpError(429, message, { 'retry-after': String(wait) });
}
