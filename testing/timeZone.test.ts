import { describe, expect, it } from 'vitest';
import { localHour, testTimeZone } from './timeZone.ts';

describe('testTimeZone', () => {
  it('keeps Chicago during its day', () => {
    expect(testTimeZone(new Date('2026-11-27T18:00:00Z'))).toBe('America/Chicago'); // noon in Chicago
    expect(testTimeZone(new Date('2026-11-27T02:30:00Z'))).toBe('America/Chicago'); // 20:30 in Chicago
  });

  it('moves to Tokyo when Chicago is within three hours of midnight, in winter and in summer', () => {
    expect(testTimeZone(new Date('2026-11-27T05:40:00Z'))).toBe('Asia/Tokyo'); // 23:40 CST
    expect(testTimeZone(new Date('2026-11-27T07:10:00Z'))).toBe('Asia/Tokyo'); // 01:10 CST
    expect(testTimeZone(new Date('2026-07-01T04:50:00Z'))).toBe('Asia/Tokyo'); // 23:50 CDT
  });

  it('picks a zone whose midnight is at least three hours away at every half hour of a year', () => {
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 30 * 60_000) {
      const at = new Date(t);
      const hour = localHour(testTimeZone(at), at);
      expect(hour >= 3 && hour < 21, at.toISOString()).toBe(true);
    }
  });
});
