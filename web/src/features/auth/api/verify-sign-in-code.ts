import { loadAuthClient } from '../../../lib/authClient';
import { ApiError, fromAuthError } from '../../../lib/errors';
import { codeSchema, emailSchema, parseOr400 } from './sign-in-input';

/** POST /api/auth/verify {email, code}: the typed code → a session. */
export async function verifySignInCode(input: { email: string; code: string }): Promise<{ signedIn: true }> {
  const email = parseOr400(emailSchema, input.email);
  const token = parseOr400(codeSchema, input.code);
  const supabase = await loadAuthClient();
  const { data, error } = await supabase.auth.verifyOtp({ email, token, type: 'email' });
  if (error) throw fromAuthError(error);
  if (!data.session) throw new ApiError(401, 'Sign-in failed');
  return { signedIn: true };
}
