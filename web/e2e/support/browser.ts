import { CHROMIUM, CHROMIUM_HEADLESS_SHELL } from '../../../stack/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Every browser test's browser: Debian's Chromium headless shell (Playwright's own browser download
 * is not available on our machines). The same engine as the full browser for pages, with a quarter
 * less CPU (docs/decisions/testing.md).
 */
export const headlessShell = { executablePath: CHROMIUM_HEADLESS_SHELL, args: ARGS };

/**
 * For a spec whose subject the headless shell does not have, `test.use(fullChromium)`: the system
 * notifications of a hidden page, and Web Push with its service worker.
 */
export const fullChromium = { launchOptions: { executablePath: CHROMIUM, args: ARGS } };
