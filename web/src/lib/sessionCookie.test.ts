import { describe, expect, it } from 'vitest';
import { authStorageKey, hasSessionCookie, sessionCookieNames } from './sessionCookie';

describe('authStorageKey', () => {
  it('uses the first label of the API host, as supabase-js does', () => {
    expect(authStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(authStorageKey('https://abcdefghijklmnop.supabase.co')).toBe('sb-abcdefghijklmnop-auth-token');
    expect(authStorageKey('http://localhost:54321')).toBe('sb-localhost-auth-token');
  });
});

describe('hasSessionCookie', () => {
  const key = 'sb-127-auth-token';

  it('finds the whole cookie or any chunk of it', () => {
    expect(hasSessionCookie(`${key}=base64-eyJ`, key)).toBe(true);
    expect(hasSessionCookie(`theme=dark; ${key}.0=base64-eyJ; ${key}.1=abc`, key)).toBe(true);
    expect(hasSessionCookie(`a=1;${key}.12=x`, key)).toBe(true);
  });

  it('ignores no cookies, other projects, the PKCE verifier and empty values', () => {
    expect(hasSessionCookie('', key)).toBe(false);
    expect(hasSessionCookie('sb-other-auth-token=x', key)).toBe(false);
    expect(hasSessionCookie(`${key}-code-verifier=abc`, key)).toBe(false);
    expect(hasSessionCookie(`${key}.x=abc; ${key}.01=abc`, key)).toBe(false);
    expect(hasSessionCookie(`${key}=`, key)).toBe(false);
  });
});

describe('sessionCookieNames', () => {
  it('names the whole cookie and each chunk, and nothing else', () => {
    const key = 'sb-127-auth-token';
    expect(sessionCookieNames(`a=1; ${key}.0=x; ${key}.1=y; ${key}-code-verifier=z; ${key}.2=`, key)).toEqual([`${key}.0`, `${key}.1`]);
    expect(sessionCookieNames(`${key}=x`, key)).toEqual([key]);
    expect(sessionCookieNames('', key)).toEqual([]);
  });
});
