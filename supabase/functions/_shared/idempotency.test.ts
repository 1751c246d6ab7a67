import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { idempotencyKeyOf, type ReplayedSubmission, sameSubmission } from './idempotency.ts';
import { randomToken } from './tokens.ts';

describe('idempotencyKeyOf', () => {
  it('takes 32 random bytes in base64url, as randomToken and the web client make them', () => {
    for (let i = 0; i < 200; i++) {
      const key = randomToken();
      expect(idempotencyKeyOf(key)).toBe(key);
    }
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf(null)).toBeUndefined();
  });

  it('refuses anything else with a 400', () => {
    const key = randomToken();
    const bad = [
      '',
      key.slice(0, 42),
      `${key}A`,
      `${key.slice(0, 42)}B`, // the 43rd character's low 2 bits must be zero
      `${key.slice(0, 41)}+A`,
      `${key.slice(0, 41)}/A`,
      `${key.slice(0, 42)}=`,
      `${key}, ${key}`, // the header sent twice
      'a'.repeat(10_000),
    ];
    for (const value of bad) {
      expect(() => idempotencyKeyOf(value), value).toThrow(HttpError);
      try {
        idempotencyKeyOf(value);
      } catch (error) {
        expect((error as HttpError).status).toBe(400);
      }
    }
  });
});

describe('sameSubmission', () => {
  const stored: ReplayedSubmission = {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'quick',
    courseId: '00000000-0000-4000-8000-0000000000aa',
    sessionId: '00000000-0000-4000-8000-0000000000bb',
    sessionDate: '2026-11-25',
    topic: 'Recursion',
    confusion: 'The base case of the recursion',
    difficultyLevel: 'very',
    mindAfterSession: null,
  };
  const content = { topic: 'Recursion', confusion: 'The base case of the recursion', difficultyLevel: 'very' };

  it('matches the same request, by session id or by the session date', () => {
    expect(sameSubmission(stored, { kind: 'quick', courseId: stored.courseId, sessionId: stored.sessionId, content })).toBe(true);
    expect(sameSubmission(stored, { kind: 'quick', courseId: stored.courseId.toUpperCase(), sessionId: '2026-11-25', content })).toBe(true);
  });

  it('refuses any difference: kind, course, session, date or a content field', () => {
    const base = { kind: 'quick' as const, courseId: stored.courseId, sessionId: stored.sessionId, content };
    expect(sameSubmission(stored, { ...base, kind: 'session' })).toBe(false);
    expect(sameSubmission(stored, { ...base, courseId: '00000000-0000-4000-8000-0000000000cc' })).toBe(false);
    expect(sameSubmission(stored, { ...base, sessionId: '00000000-0000-4000-8000-0000000000cc' })).toBe(false);
    expect(sameSubmission(stored, { ...base, sessionId: '2026-11-26' })).toBe(false);
    expect(sameSubmission(stored, { ...base, content: { ...content, confusion: 'Something else entirely' } })).toBe(false);
    expect(sameSubmission(stored, { ...base, content: { ...content, difficultyLevel: 'slightly' } })).toBe(false);
  });
});
