/**
 * The README's screenshots, taken from the real app: a throw-away stack with the demo data, the
 * production build, Debian's Chromium. Run it when a screen they show changes:
 *
 *   npm run screenshots        # writes docs/images/*.png
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import getPort from 'get-port';
import { DEMO_PROFESSOR_EMAIL } from '../stack/config.ts';
import { stackInfo } from '../stack/stack.ts';
import { buildAndPreview } from '../stack/web.ts';
import { startTemporaryStack } from './temporary-stack.ts';

const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/images');
const COSC_1337 = 'c0000000-0000-4000-8000-000000001337';

const stack = await startTemporaryStack();
const outDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-shots-'));
const web = await buildAndPreview({ port: await getPort(), apiUrl: stack.apiUrl, anonKey: stack.anonKey, outDir });
// The e2e helpers read the stack's addresses from here.
process.env.CLASSPULSE_TEST_STACK = JSON.stringify(stackInfo(stack));
const { putSessionInBrowser, signInWithEmailCode } = await import('../web/e2e/support/stack.ts');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
try {
  const professor = await browser.newContext({ viewport: { width: 1280, height: 1100 }, timezoneId: 'America/Chicago' });
  await putSessionInBrowser(professor, web.url, (await signInWithEmailCode(DEMO_PROFESSOR_EMAIL)).client);
  const live = await professor.newPage();
  await live.goto(`${web.url}/professor/live/${COSC_1337}`);
  await live.getByTestId('live-responses').waitFor();
  await live.getByRole('heading', { name: 'What students found unclear' }).waitFor();
  await live.screenshot({ path: path.join(IMAGES, 'live-view.png'), fullPage: false });

  const student = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, timezoneId: 'America/Chicago' });
  const course = await student.newPage();
  await course.goto(`${web.url}/courses/${COSC_1337}`);
  const notes = course.getByRole('region', { name: 'From your professor' });
  await notes.waitFor();
  await notes.screenshot({ path: path.join(IMAGES, 'course-notes.png') });
  console.log(`wrote ${IMAGES}/live-view.png and course-notes.png`);
} finally {
  await browser.close();
  await web.close();
  await stack.stop();
  await rm(outDir, { recursive: true, force: true });
}
