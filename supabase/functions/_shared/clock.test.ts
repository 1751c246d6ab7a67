import { describe, expect, it } from 'vitest';
import { pinnedTime, TEST_CLOCK_HEADER, testClockAllowed } from './clock.ts';

const withClock = (value: string) => new Headers({ [TEST_CLOCK_HEADER]: value });

describe('the functions’ clock', () => {
  it('is allowed only where the test stack says so, on this machine', () => {
    const env = (vars: Record<string, string>) => (name: string) => vars[name];
    const local = 'http://127.0.0.1:54321';
    expect(testClockAllowed(env({ SUPABASE_URL: local }))).toBe(false);
    expect(testClockAllowed(env({ CLASSPULSE_TEST_CLOCK: '0', SUPABASE_URL: local }))).toBe(false);
    expect(testClockAllowed(env({ CLASSPULSE_TEST_CLOCK: 'true', SUPABASE_URL: local }))).toBe(false);
    expect(testClockAllowed(env({ CLASSPULSE_TEST_CLOCK: '1', SUPABASE_URL: local }))).toBe(true);
    expect(testClockAllowed(env({ CLASSPULSE_TEST_CLOCK: '1', SUPABASE_URL: 'http://localhost:54321' }))).toBe(true);
    // A hosted project never honours it, even with the variable set by mistake.
    expect(testClockAllowed(env({ CLASSPULSE_TEST_CLOCK: '1', SUPABASE_URL: 'https://abcdefgh.supabase.co' }))).toBe(false);
    expect(testClockAllowed(env({ CLASSPULSE_TEST_CLOCK: '1' }))).toBe(false);
  });

  it('never reads the header where the test clock is not allowed (production)', () => {
    expect(pinnedTime(withClock('2026-11-28T10:00:01Z'), false)).toBeUndefined();
  });

  it('pins a valid ISO time with its zone where it is allowed', () => {
    expect(pinnedTime(withClock('2026-11-28T10:00:01Z'), true)?.toISOString()).toBe('2026-11-28T10:00:01.000Z');
    expect(pinnedTime(withClock('2026-11-28T04:00:01.250-06:00'), true)?.toISOString()).toBe('2026-11-28T10:00:01.250Z');
  });

  it('counts at the database’s time when the header is missing or not a time with a zone', () => {
    expect(pinnedTime(new Headers(), true)).toBeUndefined();
    for (const value of ['', 'now', '2026-11-28', '2026-11-28T10:00:01', '2026-13-45T99:00:00Z', '1764324001000']) {
      expect(pinnedTime(withClock(value), true), value).toBeUndefined();
    }
  });
});
