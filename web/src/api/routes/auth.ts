import type { AuthError, Provider } from '@supabase/supabase-js';
import { loadAuthClient } from '../authClient';
import { dataClients, sessionMayExist } from '../clients';
import { ApiError, dataOrThrow } from '../errors';
import type { ApiRequest, RouteTable } from '../routeTable';
import type { AuthUser } from '../types';

interface ProfileRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

/** GET /api/auth/user: the signed-in professor, or null. Without a session cookie no auth code loads. */
async function currentUser(): Promise<AuthUser | null> {
  if (!sessionMayExist()) return null;
  const supabase = await loadAuthClient();
  const { data, error } = await supabase.auth.getUser();
  if (error) {
    if (meansSignedOut(error)) return null;
    throw new ApiError(error.status ?? 0, error.message);
  }
  const { db } = await dataClients();
  const profile = dataOrThrow(
    await db
      .from('profiles')
      .select('email, first_name, last_name, profile_image_url')
      .eq('id', data.user.id)
      .maybeSingle()
      .overrideTypes<ProfileRow | null, { merge: false }>(),
  );
  return {
    id: data.user.id,
    email: profile?.email || data.user.email || '',
    firstName: profile?.first_name ?? null,
    lastName: profile?.last_name ?? null,
    profileImageUrl: profile?.profile_image_url ?? null,
  };
}

/** No session, or one the auth server no longer accepts (expired refresh token, deleted user). */
function meansSignedOut(error: AuthError): boolean {
  return error.name === 'AuthSessionMissingError' || error.status === 401 || error.status === 403;
}

function authFailure(error: AuthError): ApiError {
  return new ApiError(error.status ?? 0, error.message || 'Sign-in failed');
}

function readEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
    throw new ApiError(400, 'Please enter a valid e-mail address');
  }
  return email.trim().toLowerCase();
}

/** Where magic links and OAuth return: the login screen finishes the PKCE exchange there. */
function callbackUrl(): string {
  return `${window.location.origin}/api/login`;
}

/** POST /api/auth/otp {email}: e-mails a 6-digit code and a magic link (creates the account if new). */
async function sendSignInEmail({ body }: ApiRequest): Promise<{ email: string }> {
  const email = readEmail(body);
  const supabase = await loadAuthClient();
  const { error } = await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: callbackUrl(), shouldCreateUser: true } });
  if (error) throw authFailure(error);
  return { email };
}

/** POST /api/auth/verify {email, code}: the typed code → a session. */
async function verifySignInCode({ body }: ApiRequest): Promise<{ signedIn: true }> {
  const email = readEmail(body);
  const code = String((body as { code?: unknown }).code ?? '').replace(/\D/g, '');
  if (code.length !== 6) throw new ApiError(400, 'Please enter the 6-digit code from the e-mail');
  const supabase = await loadAuthClient();
  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
  if (error) throw authFailure(error);
  if (!data.session) throw new ApiError(401, 'Sign-in failed');
  return { signedIn: true };
}

/**
 * POST /api/auth/callback: finishes a magic-link or OAuth return. The auth client exchanges the
 * `?code=` (PKCE) itself while it initialises; this reports the outcome.
 */
async function finishRedirectSignIn(): Promise<{ signedIn: boolean }> {
  const supabase = await loadAuthClient();
  const { error } = await supabase.auth.initialize();
  if (error) throw authFailure(error);
  const { data } = await supabase.auth.getSession();
  return { signedIn: Boolean(data.session) };
}

/** POST /api/auth/oauth {provider}: leaves for the provider's consent page. */
async function signInWithProvider({ body }: ApiRequest): Promise<null> {
  const provider = (body as { provider?: unknown } | undefined)?.provider;
  if (typeof provider !== 'string' || !provider) throw new ApiError(400, 'Unknown sign-in provider');
  const supabase = await loadAuthClient();
  const { error } = await supabase.auth.signInWithOAuth({ provider: provider as Provider, options: { redirectTo: callbackUrl() } });
  if (error) throw authFailure(error);
  return null;
}

/** POST /api/auth/logout: ends the session here (the cookie goes even if the server is unreachable). */
async function signOut(): Promise<null> {
  if (!sessionMayExist()) return null;
  const supabase = await loadAuthClient();
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error && !meansSignedOut(error)) throw authFailure(error);
  return null;
}

export const authRoutes: RouteTable = {
  'GET /api/auth/user': currentUser,
  'POST /api/auth/otp': sendSignInEmail,
  'POST /api/auth/verify': verifySignInCode,
  'POST /api/auth/callback': finishRedirectSignIn,
  'POST /api/auth/oauth': signInWithProvider,
  'POST /api/auth/logout': signOut,
};
