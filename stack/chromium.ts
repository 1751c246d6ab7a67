import { ensureDebianPackages } from './debian.ts';

/** Debian's Chromium: Playwright's own browser download cannot work on our machines. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's Chromium headless shell: the same engine without the full browser around it. The browser
 * tests run in it (a quarter less CPU); the notification tests and the benchmarks use the full one.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Installs Debian's Chromium and its headless shell when either is missing (as root), for the end-to-end tests and Lighthouse. */
export async function ensureChromium(purpose: string) {
  await ensureDebianPackages({
    name: 'Chromium',
    files: [CHROMIUM, CHROMIUM_HEADLESS_SHELL],
    packages: ['chromium', 'chromium-headless-shell'],
    purpose,
  });
}
