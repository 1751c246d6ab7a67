/** Date helpers on the student's local clock (the seed: class days and "today" are local). */

import { currentLanguage } from '../i18n/i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today (or `at`) as YYYY-MM-DD on the local clock: the `sessionId` of a day without a class link. */
export function localDateString(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Class days are Monday to Friday, local clock. */
export function isClassDay(at: Date = new Date()): boolean {
  const day = at.getDay();
  return day >= 1 && day <= 5;
}

/** "YYYY-MM-DD" as a date-only value (a session date), or null. */
export function isDateOnly(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/**
 * A formatter made on first use: building one loads the browser's locale data, a long task on a
 * slow phone that a page showing no date should not pay while it starts.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (date) => {
    const language = currentLanguage();
    let format = formats.get(language);
    if (!format) formats.set(language, (format = new Intl.DateTimeFormat(language, options)));
    return format.format(date);
  };
}

const dateTimeFormat = lazyFormat({ dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = lazyFormat({ timeStyle: 'short' });
const longDateFormat = lazyFormat({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * Builds the formatters for the current language soon, in a task of their own. A page that shows
 * dates calls it when its module loads, before its first render: the first formatter loads the
 * browser's locale data (~15 ms here, four times that on a slow phone), which inside a render
 * lengthened the page's longest task.
 */
export function prepareDateFormats(): void {
  setTimeout(() => {
    const sample = new Date(0);
    for (const format of [dateTimeFormat, timeFormat, longDateFormat]) format(sample);
  });
}

export const formatDateTime = (iso: string) => dateTimeFormat(new Date(iso));
export const formatTime = (iso: string) => timeFormat(new Date(iso));

/** A session date ("2026-11-23") as "Monday, November 23, 2026", without shifting it by the time zone. */
export function formatSessionDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return longDateFormat(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}
