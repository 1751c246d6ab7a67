/** Date helpers on the student's local clock (the seed: class days and "today" are local). */

import { currentLanguage } from '../i18n/translate';
import { DATE_TIME_OPTIONS, LONG_DATE_OPTIONS, TIME_OPTIONS, sessionDay } from './localDate';

export { isClassDay, isDateOnly, localDateString } from './localDate';

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

const dateTimeFormat = lazyFormat(DATE_TIME_OPTIONS);
const timeFormat = lazyFormat(TIME_OPTIONS);
const longDateFormat = lazyFormat(LONG_DATE_OPTIONS);

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
export const formatSessionDate = (date: string) => longDateFormat(sessionDay(date));
