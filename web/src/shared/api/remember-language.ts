import { loadAuthClient } from '../../lib/authClient';
import { sessionMayExist } from '../../lib/clients';
import type { Language } from '../../i18n/languages';

/**
 * PUT /api/auth/user {data: {language}}: keeps the signed-in user's language in their account
 * (`user_metadata.language`), so the e-mails the auth server sends them (sign-in codes, team
 * invitations' reminders) are in the language they last used. `known` is the stored value when the
 * caller has already read the user. Best effort: a failure changes nothing on screen.
 */
export async function rememberLanguage(language: Language, known?: unknown): Promise<void> {
  if (!sessionMayExist() || known === language) return;
  try {
    const supabase = await loadAuthClient();
    if (known === undefined) {
      const { data } = await supabase.auth.getSession();
      if (!data.session || data.session.user.user_metadata.language === language) return;
    }
    await supabase.auth.updateUser({ data: { language } });
  } catch {
    // Offline or signed out meanwhile: the next signed-in page load tries again.
  }
}
