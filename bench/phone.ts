// The phone of Lighthouse's mobile preset, emulated for real rather than simulated: its screen and
// user agent, its CPU slowed 4× and its slow 4G applied per request (DevTools throttling, with the
// values Lighthouse itself uses for `throttlingMethod: 'devtools'`), in Debian's Chromium. Shared by
// "accepts input at" (accepts-input.ts) and the long tasks on the phone (long-tasks.ts).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';

export const PHONE = throttling.mobileSlow4G;
const SCREEN = screenEmulationMetrics.mobile;

/**
 * Opens `url` on the phone in a fresh context (nothing cached), returned as soon as navigation has
 * committed; the caller closes the context. `prepare` runs first (an init script, say).
 */
export async function openOnPhone(
  browser: Browser,
  url: string,
  prepare?: (context: BrowserContext) => Promise<unknown>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: SCREEN.width, height: SCREEN.height },
    deviceScaleFactor: SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  });
  try {
    await prepare?.(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.requestLatencyMs,
      // DevTools takes bytes per second.
      downloadThroughput: Math.floor((PHONE.downloadThroughputKbps * 1024) / 8),
      uploadThroughput: Math.floor((PHONE.uploadThroughputKbps * 1024) / 8),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdownMultiplier });
    await page.goto(url, { waitUntil: 'commit' });
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}
