/**
 * @supabase/ssr keeps the session in a cookie named after supabase-js's default storage key,
 * `sb-<first label of the API host>-auth-token`, split into `<key>.0`, `<key>.1`, … when it is large.
 * Seeing one is a cheap sign that a professor may be signed in, without loading the auth client.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export function hasSessionCookie(cookieHeader: string, storageKey: string): boolean {
  return cookieHeader.split(';').some((pair) => {
    const separator = pair.indexOf('=');
    if (separator < 0 || separator === pair.length - 1) return false;
    return isSessionCookieName(pair.slice(0, separator).trim(), storageKey);
  });
}

function isSessionCookieName(name: string, storageKey: string): boolean {
  if (name === storageKey) return true;
  return name.startsWith(`${storageKey}.`) && /^(0|[1-9]\d*)$/.test(name.slice(storageKey.length + 1));
}
