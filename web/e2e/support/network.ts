// Network conditions for Playwright, made in the browser only: requests are held or dropped, never
// answered with made-up data, so the app always talks to the real stack or to nothing.
import type { Page, Route } from '@playwright/test';

type UrlMatcher = string | RegExp | ((url: URL) => boolean);

/** A student's own submission, read or updated through its private link (not the page's other reads, such as "me too"). */
export const OWN_SUBMISSION = /\/functions\/v1\/submissions\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:[?#]|$)/;

/** Holds every request matching `url` until `release()` is called, to observe loading states. */
export async function holdRequests(page: Page, url: UrlMatcher) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.fallback();
  });
  return { release: () => release() };
}

/**
 * Makes requests matching `url` (and `method`, when given) fail the way a dropped connection does:
 * no answer at all, so the app sees a network error. The next `times` of them, or all of them until
 * `stop()`. Other requests (a CORS preflight, another verb) go through untouched.
 */
export async function failRequests(
  page: Page,
  url: UrlMatcher,
  { method, times = Number.POSITIVE_INFINITY }: { method?: string; times?: number } = {},
) {
  let left = times;
  const handler = async (route: Route) => {
    if (left > 0 && (!method || route.request().method() === method)) {
      left--;
      await route.abort('internetdisconnected');
    } else {
      await route.fallback();
    }
  };
  await page.route(url, handler);
  return { stop: () => page.unroute(url, handler) };
}
