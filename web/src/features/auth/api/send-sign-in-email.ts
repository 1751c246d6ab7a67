import { currentLanguage } from '../../../i18n/i18n';
import { loadAuthClient } from '../../../lib/authClient';
import { fromAuthError } from '../../../lib/errors';
import { callbackUrl, emailSchema, parseOr400 } from './sign-in-input';

/**
 * POST /api/auth/otp {email}: e-mails a 6-digit code and a magic link (creates the account if new).
 * A new account starts in the language the page is shown in; its e-mails follow it.
 */
export async function sendSignInEmail(input: { email: string }): Promise<{ email: string }> {
  const email = parseOr400(emailSchema, input.email);
  const supabase = await loadAuthClient();
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: callbackUrl(), shouldCreateUser: true, data: { language: currentLanguage() } },
  });
  if (error) throw fromAuthError(error);
  return { email };
}
