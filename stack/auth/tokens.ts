import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Queryable } from './db.ts';
import { badRequest, forbidden, unauthorized } from './errors.ts';
import { isBanned, oneUserJson, type UserRow } from './users.ts';

/** How the session was authenticated, as it appears in the amr claim. */
export type AuthMethod = 'otp' | 'password' | 'magiclink';

// A revoked refresh token presented again within this many seconds of its rotation still works
// (GoTrue's refresh_token_reuse_interval, 10 s in config.toml): two tabs refreshing at once must
// not sign each other out. GoTrue answers with the child it already issued; we store only hashes
// of refresh tokens, so we cannot hand that child back and issue a sibling instead. Later reuse
// is treated as theft, as GoTrue does: the whole session is revoked.
const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

export interface TokenSettings {
  jwtSecret: string;
  jwtExpiry: number;
  issuer: string;
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Awaited<ReturnType<typeof oneUserJson>>;
}

interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
}

async function signAccessToken(
  settings: TokenSettings,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const expiresAt = iat + settings.jwtExpiry;
  const token = await new SignJWT({
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: expiresAt,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(settings.jwtSecret));
  return { token, expiresAt };
}

async function sessionAmr(db: Queryable, sessionId: string) {
  const { rows } = await db.query<{ authentication_method: string; created_at: Date }>(
    'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc',
    [sessionId],
  );
  return rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.created_at.getTime() / 1000) }));
}

async function sessionResponse(
  db: Queryable,
  settings: TokenSettings,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<Session> {
  const { token, expiresAt } = await signAccessToken(settings, user, sessionId, await sessionAmr(db, sessionId));
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await oneUserJson(db, user),
  };
}

async function insertRefreshToken(db: Queryable, user: UserRow, sessionId: string, parentHash: string | null) {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [sha256Hex(token), user.id, parentHash, sessionId],
  );
  return token;
}

/** A new session (sign-in): session row, amr claim, first refresh token, access token. */
export async function issueSession(
  db: Queryable,
  settings: TokenSettings,
  user: UserRow,
  method: AuthMethod,
  userAgent?: string,
): Promise<Session> {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent) values ($1, $2, now(), now(), 'aal1', $3)`,
    [sessionId, user.id, userAgent ?? null],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), $2)`,
    [sessionId, method],
  );
  const refreshToken = await insertRefreshToken(db, user, sessionId, null);
  return sessionResponse(db, settings, user, sessionId, refreshToken);
}

interface RefreshTokenRow {
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  revoked_for: number;
}

export const alreadyUsed = () => badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/**
 * grant_type=refresh_token: rotates the token (the presented one is revoked, a child issued).
 * A replay outside the reuse interval revokes the session and yields `{ replayed: true }`, so that
 * the caller can commit the revocation before answering with `alreadyUsed()`.
 */
export async function refreshSession(
  db: Queryable,
  settings: TokenSettings,
  presented: unknown,
  loadUser: (id: string) => Promise<UserRow | undefined>,
): Promise<Session | { replayed: true }> {
  if (typeof presented !== 'string' || !presented) throw badRequest('validation_failed', 'refresh_token required');
  const { rows } = await db.query<RefreshTokenRow>(
    `select token, user_id, revoked, session_id, extract(epoch from now() - updated_at)::float8 as revoked_for
     from auth.refresh_tokens where token = $1 for update`,
    [sha256Hex(presented)],
  );
  const row = rows[0];
  if (!row || !row.session_id) {
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  const session = (await db.query<SessionRow>('select id, user_id, aal from auth.sessions where id = $1 for update', [row.session_id]))
    .rows[0];
  if (!session) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (row.revoked && row.revoked_for > REFRESH_TOKEN_REUSE_INTERVAL_SECONDS) {
    // The caller commits this and then answers refresh_token_already_used.
    await db.query('delete from auth.sessions where id = $1', [session.id]);
    return { replayed: true };
  }
  const user = await loadUser(row.user_id);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!row.revoked) {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [row.token]);
  }
  await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
  const child = await insertRefreshToken(db, user, session.id, row.token);
  return sessionResponse(db, settings, user, session.id, child);
}

export interface AccessClaims extends JWTPayload {
  role?: string;
  session_id?: string;
  email?: string;
}

/** Verifies an HS256 JWT signed with the project secret (access tokens and the API keys). */
export async function verifyJwt(settings: TokenSettings, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(settings.jwtSecret), { algorithms: ['HS256'] });
    return payload as AccessClaims;
  } catch (error) {
    const reason = (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'token is expired' : 'unable to parse or verify signature';
    throw forbidden('bad_jwt', `invalid JWT: ${reason}`);
  }
}

export function bearerToken(header: string | undefined): string {
  const match = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1];
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return (rowCount ?? 0) > 0;
}
