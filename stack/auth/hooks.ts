import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type pg from 'pg';
import { AuthError } from './errors.ts';
import { mergeMetadata } from './users.ts';

// Supabase Auth's hooks, as GoTrue runs them (internal/hooks in supabase/auth): the Postgres
// function named by `pg-functions://<database>/<schema>/<function>` is called as the auth server's
// own role (supabase_auth_admin) in a transaction of its own, outside the one that then creates the
// user, with `statement_timeout` at 2 s. Only the Before User Created hook exists here, and only as
// a Postgres function (an http(s) hook is refused when the stack starts).

const HOOK_TIMEOUT_MS = 2000;

/** `pg-functions://postgres/public/hook_name` → `"public"."hook_name"`, GoTrue's PopulateExtensibilityPoint. */
export function hookFunctionName(uri: string): string {
  const url = new URL(uri);
  if (url.protocol !== 'pg-functions:') {
    throw new Error(`Only Postgres function hooks (pg-functions://…) run locally, not ${uri}`);
  }
  const [, schema, name] = url.pathname.split('/');
  if (!schema || !name) throw new Error(`A hook URI names a schema and a function: ${uri}`);
  const quote = (part: string) => `"${decodeURIComponent(part).replace(/"/g, '""')}"`;
  return `${quote(schema)}.${quote(name)}`;
}

/** The user GoTrue is about to create, as it serialises the model in the event (not yet in the database). */
export interface UserToCreate {
  id: string;
  email: string;
  userMetadata?: unknown;
}

/** GoTrue's utilities.GetIPAddress: the first address of X-Forwarded-For, else the peer's. */
function requestIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? '';
}

/** The Before User Created event: { metadata: { uuid, time, name, ip_address }, user }. */
export function beforeUserCreatedEvent(c: Context, user: UserToCreate) {
  const ip = requestIp(c);
  const zero = '0001-01-01T00:00:00Z';
  return {
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'before-user-created', ...(ip ? { ip_address: ip } : {}) },
    // models.User from SignupParams.ToUserModel: no role, no timestamps yet, no identities.
    user: {
      id: user.id,
      aud: 'authenticated',
      role: '',
      email: user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: mergeMetadata({}, user.userMetadata),
      identities: [],
      created_at: zero,
      updated_at: zero,
      is_anonymous: false,
    },
  };
}

/**
 * hookserrors.Check: `{ "error": { "http_code", "message" } }` with a message refuses with that
 * status (500 when it has none); anything else without an error message lets the request go on.
 */
export function hookRefusal(answer: unknown): AuthError | undefined {
  if (answer === null || answer === undefined) return undefined;
  if (typeof answer !== 'object' || Array.isArray(answer)) {
    // GoTrue cannot unmarshal it into the hook's output.
    return new AuthError(500, 'unexpected_failure', 'Error unmarshaling JSON output.');
  }
  const error = (answer as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return undefined;
  const { http_code: httpCode, message } = error as { http_code?: unknown; message?: unknown };
  if (typeof message !== 'string' || message === '') return undefined;
  const status = typeof httpCode === 'number' && Number.isInteger(httpCode) && httpCode !== 0 ? httpCode : 500;
  // GoTrue's HTTPError from a hook carries no error code: clients get "unknown" (or, for a 500, "unexpected_failure").
  return new AuthError(status, status === 500 ? 'unexpected_failure' : 'unknown', message);
}

/**
 * Runs the Before User Created hook, when one is configured, before a user is made: throws the
 * hook's refusal (or a 500 when the function fails) so that nothing is created and no e-mail sent.
 */
export async function runBeforeUserCreated(db: pg.Pool, uri: string | undefined, c: Context, user: UserToCreate): Promise<void> {
  if (!uri) return;
  const fn = hookFunctionName(uri);
  const client = await db.connect();
  let answer: unknown;
  try {
    await client.query('begin');
    await client.query(`set local statement_timeout to '${HOOK_TIMEOUT_MS}'`);
    const { rows } = await client.query<{ answer: unknown }>(`select ${fn}($1) as answer`, [
      JSON.stringify(beforeUserCreatedEvent(c, user)),
    ]);
    answer = rows[0]?.answer;
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    // A database that is down is the auth server's usual 503; any other failure of the hook is
    // GoTrue's "Error running hook URI" (500).
    const code = (error as { code?: unknown }).code;
    const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
    if (!sqlState || /^(08|53|57P)/.test(sqlState)) throw error;
    console.error('[auth] the before-user-created hook failed:', (error as Error).message);
    throw new AuthError(500, 'unexpected_failure', `Error running hook URI: ${uri}`);
  } finally {
    client.release();
  }
  const refusal = hookRefusal(answer);
  if (refusal) throw refusal;
}
