import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredFeedback, storageKey, writeStoredFeedback } from './storedFeedback';

describe('stored feedback', () => {
  beforeEach(() => {
    const data = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
      removeItem: (k: string) => data.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keys by course and class session', () => {
    expect(storageKey('c1', 's1')).toBe('classpulse.feedback.c1.s1');
    expect(storageKey('', '2026-11-23')).toBe('classpulse.feedback.any.2026-11-23');
  });

  it("round-trips, clears, and ignores values whose token is not the id's", () => {
    const key = storageKey('c', 's');
    writeStoredFeedback(key, { id: 'abc', editToken: 'abc.secret' });
    expect(readStoredFeedback(key)).toEqual({ id: 'abc', editToken: 'abc.secret' });
    writeStoredFeedback(key, null);
    expect(readStoredFeedback(key)).toBeNull();
    sessionStorage.setItem(key, JSON.stringify({ id: 'abc', editToken: 'xyz.secret' }));
    expect(readStoredFeedback(key)).toBeNull();
    sessionStorage.setItem(key, '{not json');
    expect(readStoredFeedback(key)).toBeNull();
  });
});
