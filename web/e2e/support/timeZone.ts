import { RUN_TIME_ZONE } from '../../../testing/timeZone.ts';

/**
 * The one time zone of every browser test: the browsers run in it (playwright.config.ts), and the
 * demo data's courses and every course a test creates have it. `npm test` picks it so that the
 * run stays clear of its midnight (testing/timeZone.ts), as a class link ends with its course's
 * day; America/Chicago, the demo data's own zone, when Playwright runs without the runner.
 */
export const TIME_ZONE = RUN_TIME_ZONE;

/** A wall-clock time (`2026-11-25T12:00:00`) in `TIME_ZONE`, as the instant it is there. */
export function inTimeZone(wallTime: string): Date {
  const asUtc = Date.parse(`${wallTime}Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(asUtc))
      .map(({ type, value }) => [type, value]),
  );
  const shownThere = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
  // The zone's offset at that moment: the wall time minus it is the instant.
  return new Date(asUtc - (shownThere - asUtc));
}
