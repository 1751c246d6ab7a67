/**
 * Dates and times written out in English and Spanish exactly as `Intl.DateTimeFormat` writes them
 * (checked against it in dateWords.test.ts), without it. A page's first `Intl` call initialises the
 * browser's ICU locale data: a task of 120–250 ms on the phone the bench emulates (30–60 ms on this
 * machine), the longest single piece of script on the student pages that show a date
 * (docs/decisions/first-paint.md, "Dates without Intl"). Another language returns null, and the
 * caller uses Intl.
 */

type Language = 'en' | 'es';

const MONTHS: Record<Language, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};
const SHORT_MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};
const WEEKDAYS: Record<Language, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  es: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
};

const known = (language: string): language is Language => language === 'en' || language === 'es';
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "11:59 PM" / "23:59": `{ timeStyle: 'short' }`, on the local clock. */
export function timeWords(date: Date, language: string): string | null {
  if (!known(language)) return null;
  const hours = date.getHours();
  const minutes = twoDigits(date.getMinutes());
  if (language === 'es') return `${hours}:${minutes}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Nov 23, 2026, 11:59 PM" / "23 nov 2026, 23:59": `{ dateStyle: 'medium', timeStyle: 'short' }`. */
export function dateTimeWords(date: Date, language: string): string | null {
  if (!known(language)) return null;
  const month = SHORT_MONTHS[language][date.getMonth()];
  const day = date.getDate();
  const year = date.getFullYear();
  const day_ = language === 'es' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
  return `${day_}, ${timeWords(date, language)}`;
}

/** "Monday, November 23, 2026" / "lunes, 23 de noviembre de 2026": a weekday, day, month and year in full. */
export function longDateWords(date: Date, language: string): string | null {
  if (!known(language)) return null;
  const weekday = WEEKDAYS[language][date.getDay()];
  const month = MONTHS[language][date.getMonth()];
  const day = date.getDate();
  const year = date.getFullYear();
  return language === 'es' ? `${weekday}, ${day} de ${month} de ${year}` : `${weekday}, ${month} ${day}, ${year}`;
}
