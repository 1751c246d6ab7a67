/** Date helpers on the student's local clock (the seed: class days and "today" are local). */

import { currentLanguage } from '../i18n/translate';
import { dateTimeWords, longDateWords, timeWords } from './dateWords';
import { DATE_TIME_OPTIONS, LONG_DATE_OPTIONS, TIME_OPTIONS, sessionDay } from './localDate';

export { isClassDay, isDateOnly, localDateString } from './localDate';

type Words = (date: Date, language: string) => string | null;

/**
 * English and Spanish are written out by dateWords.ts, which needs no Intl: a page's first Intl call
 * loads the browser's locale data, a long task on a slow phone. Any other language gets a formatter
 * made on first use.
 */
function lazyFormat(words: Words, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (date) => {
    const language = currentLanguage();
    const written = words(date, language);
    if (written !== null) return written;
    let format = formats.get(language);
    if (!format) formats.set(language, (format = new Intl.DateTimeFormat(language, options)));
    return format.format(date);
  };
}

const dateTimeFormat = lazyFormat(dateTimeWords, DATE_TIME_OPTIONS);
const timeFormat = lazyFormat(timeWords, TIME_OPTIONS);
const longDateFormat = lazyFormat(longDateWords, LONG_DATE_OPTIONS);

export const formatDateTime = (iso: string) => dateTimeFormat(new Date(iso));
export const formatTime = (iso: string) => timeFormat(new Date(iso));

/** A session date ("2026-11-23") as "Monday, November 23, 2026", without shifting it by the time zone. */
export const formatSessionDate = (date: string) => longDateFormat(sessionDay(date));
