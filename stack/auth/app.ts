import { Hono, type Context } from 'hono';
import { adminRoutes } from './admin.ts';
import type { AuthDeps } from './context.ts';
import { API_VERSION_HEADER, AuthError, badRequest, errorResponse } from './errors.ts';
import { hookFunctionName } from './hooks.ts';
import type { AuthOptions } from './options.ts';
import { createRedirectPolicy } from './redirect.ts';
import { signInRoutes } from './signin.ts';
import { userRoutes } from './user.ts';
import { WeakPasswordError } from './users.ts';

export type { AuthOptions, OutgoingMail } from './options.ts';

/**
 * The database is unreachable, full or restarting (node-postgres: a socket error, or SQLSTATE
 * class 08, 53 or 57P, e.g. 53300 at the connection limit) rather than the request at fault.
 */
function databaseUnavailable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(08|53|57P)|^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT)$/.test(code)) return true;
  return /^Connection terminated|^Cannot use a pool after calling end|timeout exceeded when trying to connect/.test(error.message);
}

function handleError(error: Error, c: Context): Response {
  if (error instanceof AuthError) return errorResponse(c, error);
  if (error instanceof WeakPasswordError) {
    // GoTrue adds the reasons beside the usual error fields; auth-js reads them for AuthWeakPasswordError.
    const response = errorResponse(c, new AuthError(422, 'weak_password', error.message));
    const versioned = response.headers.has(API_VERSION_HEADER);
    return c.json(
      versioned
        ? { code: 'weak_password', message: error.message, weak_password: { reasons: error.reasons } }
        : { code: 422, error_code: 'weak_password', msg: error.message, weak_password: { reasons: error.reasons } },
      422,
    );
  }
  if (databaseUnavailable(error)) {
    // Retryable for supabase-js (502/503/504): it keeps the session instead of signing out.
    return errorResponse(
      c,
      new AuthError(503, 'unexpected_failure', 'The auth service cannot reach its database. Please try again in a moment.'),
    );
  }
  console.error('[auth]', error);
  return errorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
}

/**
 * The local stand-in for Supabase Auth (GoTrue): the endpoints supabase-js uses for e-mail
 * sign-in (code and magic link, implicit and PKCE), passwords, sessions and the admin API, with
 * GoTrue's request and response shapes, status codes and error codes. Served under /auth/v1.
 */
export function createAuthApp(opts: AuthOptions) {
  // A hook this server cannot call (an http(s) one, a malformed URI) stops the stack at start.
  if (opts.beforeUserCreatedHook) hookFunctionName(opts.beforeUserCreatedHook);
  const deps: AuthDeps = {
    opts,
    tokens: { jwtSecret: opts.jwtSecret, jwtExpiry: opts.jwtExpiry, issuer: `${opts.apiUrl}/auth/v1` },
    redirect: createRedirectPolicy(opts.siteUrl, opts.additionalRedirectUrls),
  };

  const routes = new Hono();
  routes.onError(handleError);

  routes.get('/health', (c) =>
    c.json({ version: 'classpulse-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  routes.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        fly: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack_oidc: false,
        workos: false,
        twitch: false,
        twitter: false,
        zoom: false,
        email: true,
        phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  // No OAuth providers locally; GoTrue answers an unconfigured provider the same way.
  routes.get('/authorize', () => {
    throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
  });

  signInRoutes(routes, deps);
  userRoutes(routes, deps);
  adminRoutes(routes, deps);

  routes.notFound((c) => errorResponse(c, new AuthError(404, 'not_found', 'Not Found')));

  const app = new Hono().basePath('/auth/v1');
  app.onError(handleError);
  app.route('/', routes);
  return app;
}
