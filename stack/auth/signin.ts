import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { authenticate, readBody, type AuthDeps } from './context.ts';
import { transaction } from './db.ts';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts';
import { runBeforeUserCreated } from './hooks.ts';
import { signInMail } from './mail.ts';
import { claimEmailSend, consumeOneTimeToken, generateCode, PKCE_PREFIX, storeOneTimeToken, tokenHash } from './otp.ts';
import { createFlowState, exchangeAuthCode, issueAuthCode, parseChallenge } from './pkce.ts';
import { alreadyUsed, issueSession, refreshSession, type AuthMethod, type Session } from './tokens.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isBanned,
  isValidEmail,
  normaliseEmail,
  passwordMatches,
  recordSignIn,
  type UserRow,
} from './users.ts';

// Verification types an e-mail code or link may carry (all resolve to the same stored token).
const EMAIL_TYPES = ['email', 'magiclink', 'signup', 'recovery', 'invite'];
const PHONE_TYPES = ['sms', 'phone_change'];

const phoneDisabled = () => badRequest('phone_provider_disabled', 'Unsupported phone provider');
const invalidOtp = () => forbidden('otp_expired', 'Token has expired or is invalid');

/** The magic link GoTrue puts in its e-mails: /verify with the token hash, type and redirect. */
export function verifyLink(deps: AuthDeps, token: string, type: string, redirectTo: string): string {
  const params = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${deps.opts.apiUrl}/auth/v1/verify?${params}`;
}

export function requireEmail(raw: unknown): string {
  const email = normaliseEmail(raw);
  if (!email) throw badRequest('validation_failed', 'An email address or phone number is required');
  if (!isValidEmail(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email;
}

function ensureNotBanned(user: UserRow) {
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
}

/** GoTrue's implicit-flow redirect: the session in the URL fragment. */
function sessionRedirect(redirectTo: string, session: Session, type: string): string {
  const url = new URL(redirectTo);
  url.hash = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type,
  }).toString();
  return url.toString();
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
};

/** GoTrue's error redirect: error, error_code, error_description in the fragment (PKCE: query too). */
function errorRedirect(redirectTo: string, error: AuthError, pkce: boolean): string {
  const url = new URL(redirectTo);
  const params = new URLSearchParams();
  if (OAUTH_ERRORS[error.status]) params.set('error', OAUTH_ERRORS[error.status]);
  params.set('error_code', error.errorCode);
  params.set('error_description', error.message);
  url.search = pkce ? params.toString() : '';
  url.hash = params.toString();
  return url.toString();
}

export function signInRoutes(app: Hono, deps: AuthDeps) {
  const { opts } = deps;

  // signInWithOtp (e-mail): one e-mail with a code and a magic link; creates the user if allowed.
  app.post('/otp', async (c) => {
    const body = await readBody(c);
    if (body.phone) throw phoneDisabled();
    const email = requireEmail(body.email);
    const pkce = parseChallenge(body.code_challenge, body.code_challenge_method);
    const redirectTo = deps.redirect(c.req.query('redirect_to') ?? (body.redirect_to as string | undefined));
    // A new address: the Before User Created hook first, outside the transaction (as GoTrue's
    // signup does); a refusal leaves no user, no token and no e-mail.
    const newUserId = randomUUID();
    if (!(await findUserByEmail(opts.db, email))) {
      if (body.create_user === false) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      await runBeforeUserCreated(opts.db, opts.beforeUserCreatedHook, c, { id: newUserId, email, userMetadata: body.data });
    }
    await transaction(opts.db, async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (!user) {
        if (body.create_user === false) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
        user =
          (await insertUser(tx, { id: newUserId, email, confirmed: false, userMetadata: body.data })) ?? (await findUserByEmail(tx, email));
        if (!user) throw new Error(`could not create or find the user ${email}`);
      }
      await claimEmailSend(tx, user.id);
      const code = generateCode(opts.otpLength);
      const hash = tokenHash(email, code);
      await storeOneTimeToken(tx, user.id, 'recovery_token', hash, email);
      if (pkce) await createFlowState(tx, user.id, pkce, 'magiclink');
      const link = verifyLink(deps, pkce ? PKCE_PREFIX + hash : hash, 'magiclink', redirectTo);
      // Sent inside the transaction: if the mail cannot be handed over, no token is left behind.
      await opts.sendMail(signInMail(email, code, link, opts.otpExpiry, user.raw_user_meta_data));
    });
    return c.json({});
  });

  // The magic link: consumes the token and redirects with a session (implicit) or a code (PKCE).
  app.get('/verify', async (c) => {
    const token = (c.req.query('token') ?? '').replace(/-/g, '');
    const type = c.req.query('type') ?? '';
    const redirectTo = deps.redirect(c.req.query('redirect_to'));
    const pkce = token.startsWith(PKCE_PREFIX);
    try {
      const target = await transaction(opts.db, async (tx) => {
        if (!token) throw badRequest('validation_failed', 'Verify requires a token');
        if (!EMAIL_TYPES.includes(type)) throw badRequest('validation_failed', 'Unsupported verification type');
        const userId = await consumeOneTimeToken(tx, pkce ? token.slice(PKCE_PREFIX.length) : token, opts.otpExpiry);
        const found = userId ? await findUserById(tx, userId) : undefined;
        if (!found) throw forbidden('otp_expired', 'Email link is invalid or has expired');
        ensureNotBanned(found);
        const user = await recordSignIn(tx, found.id);
        if (pkce) {
          const code = await issueAuthCode(tx, user.id, 'magiclink');
          if (!code) throw badRequest('flow_state_not_found', 'No associated flow state found');
          const url = new URL(redirectTo);
          url.searchParams.set('code', code);
          return url.toString();
        }
        const session = await issueSession(tx, deps.tokens, user, 'otp', c.req.header('user-agent'));
        return sessionRedirect(redirectTo, session, type);
      });
      return c.redirect(target, 303);
    } catch (error) {
      if (error instanceof AuthError) return c.redirect(errorRedirect(redirectTo, error, pkce), 303);
      throw error;
    }
  });

  // verifyOtp: the typed code (with the e-mail) or a token hash → a session.
  app.post('/verify', async (c) => {
    const body = await readBody(c);
    const type = typeof body.type === 'string' ? body.type : '';
    if (PHONE_TYPES.includes(type)) throw phoneDisabled();
    if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
    if (!EMAIL_TYPES.includes(type)) throw badRequest('validation_failed', 'Unsupported verification type');
    let hash: string;
    let email: string | undefined;
    if (typeof body.token_hash === 'string' && body.token_hash) {
      hash = body.token_hash.startsWith(PKCE_PREFIX) ? body.token_hash.slice(PKCE_PREFIX.length) : body.token_hash;
    } else {
      if (typeof body.token !== 'string' || !body.token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
      if (body.phone) throw phoneDisabled();
      email = requireEmail(body.email);
      hash = tokenHash(email, body.token.replace(/[-\s]/g, ''));
    }
    const session = await transaction(opts.db, async (tx) => {
      const userId = await consumeOneTimeToken(tx, hash, opts.otpExpiry, email);
      const found = userId ? await findUserById(tx, userId) : undefined;
      if (!found) throw invalidOtp();
      ensureNotBanned(found);
      const user = await recordSignIn(tx, found.id);
      return issueSession(tx, deps.tokens, user, 'otp', c.req.header('user-agent'));
    });
    return c.json(session);
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    const body = await readBody(c);
    const userAgent = c.req.header('user-agent');
    switch (grantType) {
      case 'password': {
        if (body.phone) throw phoneDisabled();
        const email = normaliseEmail(body.email);
        const found = email ? await findUserByEmail(opts.db, email) : undefined;
        if (!found || !(await passwordMatches(found, body.password))) {
          throw badRequest('invalid_credentials', 'Invalid login credentials');
        }
        if (!found.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
        ensureNotBanned(found);
        const session = await transaction(opts.db, async (tx) => {
          const user = await recordSignIn(tx, found.id);
          return issueSession(tx, deps.tokens, user, 'password', userAgent);
        });
        return c.json(session);
      }
      case 'refresh_token': {
        const result = await transaction(opts.db, (tx) =>
          refreshSession(tx, deps.tokens, body.refresh_token, (id) => findUserById(tx, id)),
        );
        if ('replayed' in result) throw alreadyUsed();
        return c.json(result);
      }
      case 'pkce': {
        const session = await transaction(opts.db, async (tx) => {
          const { userId, authenticationMethod } = await exchangeAuthCode(tx, body.auth_code, body.code_verifier);
          const user = await findUserById(tx, userId);
          if (!user) throw forbidden('user_not_found', 'User not found');
          ensureNotBanned(user);
          return issueSession(tx, deps.tokens, user, authenticationMethod as AuthMethod, userAgent);
        });
        return c.json(session);
      }
      default:
        throw badRequest('invalid_credentials', 'unsupported_grant_type');
    }
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const { claims, user } = await authenticate(c, deps);
    const sessionId = claims.session_id;
    if (scope === 'global' || !sessionId) {
      await opts.db.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await opts.db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await opts.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    }
    return c.body(null, 204);
  });
}
