// The time a request's per-minute limits count at. Pure (no Deno API), so the unit tests import
// it as the functions do.
//
// On hosted Supabase and under `npm start` it is undefined: the functions pass null and Postgres
// counts at its own now(). The test stack alone starts the functions with CLASSPULSE_TEST_CLOCK=1,
// on a loopback SUPABASE_URL, and only then does a request's `x-classpulse-clock` header (an ISO
// 8601 time) pin it, so that a test's burst falls in one window however slow the machine is
// (docs/decisions/testing.md, "The functions' clock"). Without both, the header is never read.

export const TEST_CLOCK_HEADER = 'x-classpulse-clock';

/**
 * Whether the functions run in the test stack, which lets a request pin their clock: the stack
 * says so, and the project they serve is on this machine. A hosted project (its SUPABASE_URL is
 * never loopback) does not honour the header even if the variable were set there by mistake.
 */
export function testClockAllowed(env: (name: string) => string | undefined): boolean {
  if (env('CLASSPULSE_TEST_CLOCK') !== '1') return false;
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(env('SUPABASE_URL') ?? '').hostname);
  } catch {
    return false;
  }
}

/**
 * The time a test pinned for this request, when the test clock is allowed and the header holds a
 * valid ISO 8601 time with its zone; otherwise undefined (count at the database's now()).
 */
export function pinnedTime(headers: Headers, allowed: boolean): Date | undefined {
  if (!allowed) return undefined;
  const value = headers.get(TEST_CLOCK_HEADER)?.trim();
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
