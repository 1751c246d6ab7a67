import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from './db.ts';
import { badRequest, forbidden, notFound } from './errors.ts';
import { sha256Hex } from './tokens.ts';

export type ChallengeMethod = 's256' | 'plain';

// GoTrue's flow_state_expiry_duration: an auth code must be exchanged within 5 minutes.
const FLOW_STATE_EXPIRY_SECONDS = 300;

/** Validates the PKCE pair sent with /otp; undefined means the implicit flow. */
export function parseChallenge(challenge: unknown, method: unknown): { challenge: string; method: ChallengeMethod } | undefined {
  const hasChallenge = typeof challenge === 'string' && challenge !== '';
  const hasMethod = typeof method === 'string' && method !== '';
  if (!hasChallenge && !hasMethod) return undefined;
  if (!hasChallenge || !hasMethod) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const normalised = (method as string).toLowerCase();
  if (normalised !== 's256' && normalised !== 'plain') {
    throw badRequest('validation_failed', `code challenge method not supported: ${method}`);
  }
  const value = challenge as string;
  if (value.length < 43 || value.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge: value, method: normalised };
}

export async function createFlowState(
  db: Queryable,
  userId: string,
  pkce: { challenge: string; method: ChallengeMethod },
  authenticationMethod: string,
): Promise<void> {
  // auth_code is not null in GoTrue's table; until the link is followed it holds an unusable value.
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [randomUUID(), userId, `pending:${randomUUID()}`, pkce.method, pkce.challenge, authenticationMethod],
  );
}

/**
 * Following a PKCE link: gives the user's newest flow state of that method an auth code and
 * returns the code (only its hash is stored).
 */
export async function issueAuthCode(db: Queryable, userId: string, authenticationMethod: string): Promise<string | undefined> {
  const code = randomUUID();
  const { rowCount } = await db.query(
    `update auth.flow_state set auth_code = $3, auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)`,
    [userId, authenticationMethod, sha256Hex(code)],
  );
  return rowCount ? code : undefined;
}

function challengeMatches(method: ChallengeMethod, challenge: string, verifier: string): boolean {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge.replace(/=+$/, ''));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** grant_type=pkce: checks the verifier against the stored challenge; returns user and method. */
export async function exchangeAuthCode(
  db: Queryable,
  authCode: unknown,
  verifier: unknown,
): Promise<{ userId: string; authenticationMethod: string }> {
  if (typeof authCode !== 'string' || !authCode || typeof verifier !== 'string' || !verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await db.query<{
    id: string;
    user_id: string;
    code_challenge_method: ChallengeMethod;
    code_challenge: string;
    authentication_method: string;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge_method, code_challenge, authentication_method,
       auth_code_issued_at < now() - make_interval(secs => $2) as expired
     from auth.flow_state where auth_code = $1 for update`,
    [sha256Hex(authCode), FLOW_STATE_EXPIRY_SECONDS],
  );
  const flow = rows[0];
  if (!flow) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) {
    await db.query('delete from auth.flow_state where id = $1', [flow.id]);
    throw notFound('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!challengeMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
    throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await db.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, authenticationMethod: flow.authentication_method };
}
