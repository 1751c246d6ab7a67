import type { Context } from 'hono';
import { isUuid } from './db.ts';
import { badRequest, forbidden } from './errors.ts';
import type { AuthOptions } from './options.ts';
import { bearerToken, sessionExists, verifyJwt, type AccessClaims, type TokenSettings } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

/** What every route needs: the options, the token settings and the redirect policy. */
export interface AuthDeps {
  opts: AuthOptions;
  tokens: TokenSettings;
  redirect(requested: string | undefined | null): string;
}

/** Parses a JSON body; an empty body is `{}` (supabase-js sends none on some POSTs). */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
}

/**
 * GoTrue's requireAuthentication: a valid access token for an existing user whose session (the
 * session_id claim) has not been signed out.
 */
export async function authenticate(c: Context, deps: AuthDeps): Promise<{ claims: AccessClaims; user: UserRow }> {
  const claims = await verifyJwt(deps.tokens, bearerToken(c.req.header('authorization')));
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  if (claims.session_id !== undefined) {
    if (!isUuid(claims.session_id) || !(await sessionExists(deps.opts.db, claims.session_id))) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  const user = await findUserById(deps.opts.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return { claims, user };
}

/** Admin endpoints take the service_role key (or any JWT with an admin role), like GoTrue. */
export async function requireAdmin(c: Context, deps: AuthDeps): Promise<void> {
  const claims = await verifyJwt(deps.tokens, bearerToken(c.req.header('authorization')));
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed');
  }
}
