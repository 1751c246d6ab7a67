import { existsSync } from 'node:fs';
import { execa } from 'execa';

/** Debian's Chromium: Playwright's own browser download cannot work on our machines. */
export const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing (as root), for the end-to-end tests and Lighthouse. */
export async function ensureChromium(purpose: string) {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing: run \`sudo apt-get install -y chromium\`, then run ${purpose} again.`);
  }
  console.log(`Installing Debian Chromium for ${purpose} (apt-get install chromium)…`);
  await execa('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  await execa('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}
