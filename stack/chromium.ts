import { ensureDebianPackages } from './debian.ts';

/** Debian's Chromium: Playwright's own browser download cannot work on our machines. */
export const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing (as root), for the end-to-end tests and Lighthouse. */
export async function ensureChromium(purpose: string) {
  await ensureDebianPackages({ name: 'Chromium', files: [CHROMIUM], packages: ['chromium'], purpose });
}
