import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import { tooManyRequests } from './errors.ts';

/** The link of a PKCE flow carries this prefix before the token hash, as GoTrue's does. */
export const PKCE_PREFIX = 'pkce_';

// supabase/config.toml [auth.email] max_frequency: at most one e-mail per address per second.
const MAX_FREQUENCY_SECONDS = 1;

/** GoTrue's token hash: sha224(email || code) in hex. The link carries it; the code is typed. */
export function tokenHash(email: string, code: string): string {
  return createHash('sha224')
    .update(email + code)
    .digest('hex');
}

export function generateCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

export type OneTimeTokenType = 'confirmation_token' | 'recovery_token';

/**
 * Refuses a second e-mail to the same user within max_frequency, like GoTrue (429,
 * over_email_send_rate_limit), and otherwise stamps the send time.
 */
export async function claimEmailSend(db: Queryable, userId: string, kind: 'sign-in' | 'invite' = 'sign-in'): Promise<void> {
  // GoTrue times each kind of e-mail by its own column: sign-in links by recovery_sent_at,
  // invitations (and sign-up confirmations) by confirmation_sent_at.
  const column = kind === 'invite' ? 'confirmation_sent_at' : 'recovery_sent_at';
  const { rows } = await db.query<{ wait: number | null }>(
    `select ceil($2 - extract(epoch from now() - ${column}))::int as wait from auth.users where id = $1 for update`,
    [userId, MAX_FREQUENCY_SECONDS],
  );
  const wait = rows[0]?.wait;
  if (wait !== null && wait !== undefined && wait > 0) {
    throw tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
  }
  await db.query(
    kind === 'invite'
      ? 'update auth.users set confirmation_sent_at = now(), invited_at = now(), updated_at = now() where id = $1'
      : 'update auth.users set recovery_sent_at = now(), updated_at = now() where id = $1',
    [userId],
  );
}

/** Stores a new one-time token; it replaces the user's previous one of that type (as GoTrue). */
export async function storeOneTimeToken(db: Queryable, userId: string, type: OneTimeTokenType, hash: string, email: string): Promise<void> {
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
    [randomUUID(), userId, type, hash, email],
  );
}

/**
 * Consumes a one-time token by its hash: returns its user if it exists and is younger than
 * `expirySeconds`, and deletes it either way it matched (codes work once).
 */
export async function consumeOneTimeToken(db: Queryable, hash: string, expirySeconds: number, email?: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string; fresh: boolean }>(
    `delete from auth.one_time_tokens
     where token_hash = $1 and ($3::text is null or relates_to = $3)
     returning user_id, created_at > now() - make_interval(secs => $2) as fresh`,
    [hash, expirySeconds, email ?? null],
  );
  const row = rows.find((r) => r.fresh);
  return row?.user_id;
}
