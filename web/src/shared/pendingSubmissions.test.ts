import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isNetworkFailure } from '../lib/errors';
import { dropPending, newIdempotencyKey, pendingFor, retryDelay, savePending } from './pendingSubmissions';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('pending submissions', () => {
  it('makes keys of the shape the server checks: 32 random bytes, base64url, 43 characters', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/);
  });

  it('keeps one submission per page until it is dropped', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const a = { key: newIdempotencyKey(), page: 'submit|c|', body: { topic: 'A' }, savedAt: '2026-11-25T12:00:00Z' };
    const b = { key: newIdempotencyKey(), page: 'class-session|x', body: { wentWell: 'B' }, savedAt: '2026-11-25T12:00:00Z' };
    savePending(a);
    savePending(b);
    expect(pendingFor('submit|c|')).toEqual(a);
    expect(pendingFor('class-session|x')).toEqual(b);
    const a2 = { ...a, key: newIdempotencyKey() };
    savePending(a2);
    expect(pendingFor('submit|c|')).toEqual(a2);
    dropPending(a2.key);
    expect(pendingFor('submit|c|')).toBeUndefined();
    dropPending(b.key);
    expect(localStorage.getItem('classpulse.pendingSubmissions')).toBeNull();
  });

  it('tells a failure of the way there from a refusal', () => {
    for (const status of [0, 502, 503, 504]) expect(isNetworkFailure(new ApiError(status, 'x'))).toBe(true);
    for (const status of [400, 403, 404, 409, 429, 500]) expect(isNetworkFailure(new ApiError(status, 'x'))).toBe(false);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new Error('something else'))).toBe(false);
  });

  it('waits 2 s, doubling, at most a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  });
});
