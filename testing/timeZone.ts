/**
 * The time zone of a test run: the demo data's courses, every course a test makes and every
 * browser share it, so the run has one local midnight. A class link ends with its course's day,
 * so a run that crossed that midnight would see a link made before it gone after it. The run
 * takes the first zone here in which midnight is hours away, as CI may start at any hour.
 */
export const TEST_TIME_ZONES = ['America/Chicago', 'Asia/Tokyo'] as const;

/**
 * The zone of this run, for every test that makes a course: the runner's pick, or America/Chicago
 * (the demo data's own) when a test file runs without the runner. A course made in any other zone
 * could see its midnight, and its class link end, in the middle of the run.
 */
export const RUN_TIME_ZONE: string = process.env.CLASSPULSE_TEST_TIME_ZONE || TEST_TIME_ZONES[0];

/** Hours of margin on each side of midnight: the whole suite runs well within them. */
const CLEAR_OF_MIDNIGHT_HOURS = 3;

const hourFormats = new Map<string, Intl.DateTimeFormat>();

export function localHour(timeZone: string, at: Date): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(at));
}

export function testTimeZone(at: Date = new Date()): string {
  const clear = (zone: string) => {
    const hour = localHour(zone, at);
    return hour >= CLEAR_OF_MIDNIGHT_HOURS && hour < 24 - CLEAR_OF_MIDNIGHT_HOURS;
  };
  return TEST_TIME_ZONES.find(clear) ?? TEST_TIME_ZONES[0];
}
