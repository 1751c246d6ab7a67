// Plain date helpers, with no formatter built when the module loads.

const pad = (n: number) => String(n).padStart(2, '0');

/** Today (or `at`) as YYYY-MM-DD on the local clock: the `sessionId` of a day without a class link. */
export function localDateString(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** "YYYY-MM-DD" as a date-only value (a session date), or null. */
export function isDateOnly(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** A session date ("2026-11-23") as that day's local midnight, never shifted by the time zone. */
export function sessionDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** Class days are Monday to Friday, local clock. */
export function isClassDay(at: Date = new Date()): boolean {
  const day = at.getDay();
  return day >= 1 && day <= 5;
}

/** How a submission's date and time read ("Nov 25, 2026, 2:30 PM"), in the page's language. */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** A session's date ("Monday, November 23, 2026") and a time of day ("11:59 PM"). */
export const LONG_DATE_OPTIONS: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
export const TIME_OPTIONS: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
