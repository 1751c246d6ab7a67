import { describe, expect, it } from 'vitest';
import { formatSessionDate, isClassDay, isDateOnly, localDateString } from './dates';

describe('dates', () => {
  it('spells the local date as YYYY-MM-DD', () => {
    expect(localDateString(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDateString(new Date(2026, 10, 23, 0, 0))).toBe('2026-11-23');
  });

  it('counts Monday to Friday as class days', () => {
    const days = [22, 23, 24, 25, 26, 27, 28].map((d) => isClassDay(new Date(2026, 10, d, 12)));
    // Nov 22 2026 is a Sunday.
    expect(days).toEqual([false, true, true, true, true, true, false]);
  });

  it('recognises date-only session ids', () => {
    expect(isDateOnly('2026-11-23')).toBe(true);
    expect(isDateOnly('3f1e…')).toBe(false);
  });

  it('formats a session date without shifting its day', () => {
    expect(formatSessionDate('2026-11-23')).toMatch(/23/);
  });
});
