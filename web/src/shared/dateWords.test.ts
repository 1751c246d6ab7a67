import { describe, expect, it } from 'vitest';
import { DATE_TIME_OPTIONS, LONG_DATE_OPTIONS, TIME_OPTIONS } from './localDate';
import { dateTimeWords, longDateWords, timeWords } from './dateWords';

// Every day of three years (a leap year among them), at times across the day, against Intl itself.
const YEARS = [2025, 2027, 2028];
const TIMES = [
  [0, 0],
  [0, 5],
  [9, 7],
  [11, 59],
  [12, 0],
  [12, 30],
  [13, 1],
  [23, 59],
] as const;
function* moments(): Generator<Date> {
  for (const year of YEARS) {
    for (let day = new Date(year, 0, 1); day.getFullYear() === year; day = new Date(year, day.getMonth(), day.getDate() + 1)) {
      for (const [hours, minutes] of TIMES) yield new Date(year, day.getMonth(), day.getDate(), hours, minutes);
    }
  }
}

describe.each(['en', 'es'])('dates written out in %s', (language) => {
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, options);
  const [dateTime, time, longDate] = [intl(DATE_TIME_OPTIONS), intl(TIME_OPTIONS), intl(LONG_DATE_OPTIONS)];

  it('reads as Intl.DateTimeFormat reads, every day of 2025, 2027 and 2028 (a leap year)', () => {
    let compared = 0;
    for (const at of moments()) {
      expect(timeWords(at, language)).toBe(time.format(at));
      expect(dateTimeWords(at, language)).toBe(dateTime.format(at));
      expect(longDateWords(at, language)).toBe(longDate.format(at));
      compared++;
    }
    expect(compared).toBe((365 + 365 + 366) * TIMES.length);
  });
});

describe('dates written out', () => {
  it('leave another language to Intl', () => {
    const at = new Date(2026, 10, 23, 23, 59);
    expect([timeWords(at, 'fr'), dateTimeWords(at, 'fr'), longDateWords(at, 'fr')]).toEqual([null, null, null]);
  });

  it('spell the examples the product shows', () => {
    const at = new Date(2026, 10, 23, 23, 59);
    expect(longDateWords(at, 'en')).toBe('Monday, November 23, 2026');
    expect(longDateWords(at, 'es')).toBe('lunes, 23 de noviembre de 2026');
    expect(dateTimeWords(at, 'en')).toBe('Nov 23, 2026, 11:59 PM');
    expect(dateTimeWords(new Date(2026, 8, 9, 9, 7), 'es')).toBe('9 sept 2026, 9:07');
  });
});
