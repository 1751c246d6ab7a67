/**
 * @supabase/ssr keeps the session in a cookie named after supabase-js's default storage key,
 * `sb-<first label of the API host>-auth-token`, split into `<key>.0`, `<key>.1`, … when it is large.
 * Seeing one is a cheap sign that a professor may be signed in, without loading the auth client.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export function hasSessionCookie(cookieHeader: string, storageKey: string): boolean {
  return sessionCookieNames(cookieHeader, storageKey).length > 0;
}

/** The names of the session's cookies that hold a value (the whole cookie, or its chunks). */
export function sessionCookieNames(cookieHeader: string, storageKey: string): string[] {
  return cookieHeader.split(';').flatMap((pair) => {
    const separator = pair.indexOf('=');
    if (separator < 0 || separator === pair.length - 1) return [];
    const name = pair.slice(0, separator).trim();
    return isSessionCookieName(name, storageKey) ? [name] : [];
  });
}

function isSessionCookieName(name: string, storageKey: string): boolean {
  if (name === storageKey) return true;
  return name.startsWith(`${storageKey}.`) && /^(0|[1-9]\d*)$/.test(name.slice(storageKey.length + 1));
}
