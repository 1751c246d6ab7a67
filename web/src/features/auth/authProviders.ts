/** OAuth providers Supabase Auth knows, with the label their button shows. */
const PROVIDER_LABELS: Record<string, string> = {
  apple: 'Apple',
  azure: 'Microsoft',
  bitbucket: 'Bitbucket',
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  keycloak: 'Keycloak',
  linkedin_oidc: 'LinkedIn',
  notion: 'Notion',
  slack_oidc: 'Slack',
  twitch: 'Twitch',
  twitter: 'X',
  workos: 'WorkOS',
  zoom: 'Zoom',
};

export interface AuthProvider {
  id: string;
  label: string;
}

/**
 * `VITE_AUTH_PROVIDERS="google, github"` → the OAuth buttons to show, in that order. Unknown names
 * and duplicates are dropped: a button for a provider the project has not enabled would only fail.
 */
export function parseAuthProviders(raw: string | undefined): AuthProvider[] {
  const seen = new Set<string>();
  const providers: AuthProvider[] = [];
  for (const name of (raw ?? '').split(/[\s,]+/)) {
    const id = name.trim().toLowerCase();
    const label = PROVIDER_LABELS[id];
    if (!label || seen.has(id)) continue;
    seen.add(id);
    providers.push({ id, label });
  }
  return providers;
}

export const authProviders: AuthProvider[] = parseAuthProviders(import.meta.env.VITE_AUTH_PROVIDERS);
