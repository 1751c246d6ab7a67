import type { Provider } from '@supabase/supabase-js';
import { loadAuthClient } from '../../../lib/authClient';
import { ApiError, fromAuthError } from '../../../lib/errors';
import { callbackUrl } from './sign-in-input';

/** POST /api/auth/oauth {provider}: leaves for the provider's consent page. */
export async function signInWithProvider({ provider }: { provider: string }): Promise<null> {
  if (!provider) throw new ApiError(400, 'Unknown sign-in provider');
  const supabase = await loadAuthClient();
  const { error } = await supabase.auth.signInWithOAuth({ provider: provider as Provider, options: { redirectTo: callbackUrl() } });
  if (error) throw fromAuthError(error);
  return null;
}
