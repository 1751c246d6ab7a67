/**
 * The screenshots in docs/images/ (README and docs/tour.md), taken from the real app: a throw-away
 * stack with the demo data, the production build, Debian's Chromium. Run it when a screen they show changes:
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
import { fullChromium } from '../web/e2e/support/browser.ts';
import { startTemporaryStack } from '../stack/temporary.ts';

const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/images');
const COSC_1337 = 'c0000000-0000-4000-8000-000000001337';

const stack = await startTemporaryStack();
const outDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-shots-'));
const web = await buildAndPreview({ port: await getPort(), apiUrl: stack.apiUrl, anonKey: stack.anonKey, outDir });
// The e2e helpers read the stack's addresses from here.
process.env.CLASSPULSE_TEST_STACK = JSON.stringify(stackInfo(stack));
const { anonClient, putSessionInBrowser, signInWithEmailCode } = await import('../web/e2e/support/stack.ts');
const browser = await chromium.launch(fullChromium.launchOptions);
try {
  const professor = await browser.newContext({ viewport: { width: 1280, height: 1100 }, timezoneId: 'America/Chicago' });
  const demoProfessor = await signInWithEmailCode(DEMO_PROFESSOR_EMAIL);
  await putSessionInBrowser(professor, web.url, demoProfessor.client);
  const live = await professor.newPage();
  await live.goto(`${web.url}/professor/live/${COSC_1337}`);
  await live.getByTestId('live-responses').waitFor();
  await live.getByRole('heading', { name: 'What students found unclear' }).waitFor();
  await live.screenshot({ path: path.join(IMAGES, 'live-view.png'), fullPage: false });

  // The term report: its first screen, and its charts.
  const report = await professor.newPage();
  await report.goto(`${web.url}/professor/courses/${COSC_1337}/report`);
  await report.getByTestId('clarity-chart-summary').waitFor();
  await report.locator('[data-report-chart] .recharts-line-curve').first().waitFor();
  await report.screenshot({ path: path.join(IMAGES, 'term-report.png'), fullPage: false });
  // The sticky header would cover the top of a section scrolled into view.
  await report.addStyleTag({ content: 'header { position: static !important; }' });
  await report.getByTestId('report-clarity').screenshot({ path: path.join(IMAGES, 'term-report-chart.png') });

  // Present, as a projector shows it (16:9).
  const projector = await professor.newPage();
  await projector.setViewportSize({ width: 1280, height: 720 });
  await projector.goto(`${web.url}/professor/present/${COSC_1337}`);
  await projector.getByTestId('present-qr').waitFor();
  await projector.screenshot({ path: path.join(IMAGES, 'present.png') });

  const student = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, timezoneId: 'America/Chicago' });
  const course = await student.newPage();
  await course.goto(`${web.url}/courses/${COSC_1337}`);
  const notes = course.getByRole('region', { name: 'From your professor' });
  await notes.waitFor();
  await notes.screenshot({ path: path.join(IMAGES, 'course-notes.png') });

  // My feedback: a student's feedback of today, remembered by their phone, and the professor's reply.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const { data: sent, error } = await anonClient().functions.invoke('submissions', {
    body: {
      courseId: COSC_1337,
      sessionId: today,
      topic: 'Recursion',
      confusion: 'How does the function know when to stop calling itself?',
      difficultyLevel: 'very',
    },
  });
  if (error) throw error;
  const { editToken, id } = sent as { id: string; editToken: string };
  const replied = await demoProfessor.client.functions.invoke('replies', {
    body: { submissionId: id, body: 'Good question: the base case. We will trace factorial(3) together on Friday.' },
  });
  if (replied.error) throw replied.error;
  const mine = await student.newPage();
  await mine.goto(`${web.url}/track/${editToken}`);
  await mine.getByRole('checkbox', { name: 'Remember on this device' }).check();
  await mine.goto(`${web.url}/my-feedback`);
  await mine.getByText('Your professor replied').waitFor();
  await mine.screenshot({ path: path.join(IMAGES, 'my-feedback.png') });
  console.log(`wrote ${IMAGES}/live-view.png, term-report.png, term-report-chart.png, present.png, course-notes.png and my-feedback.png`);
} finally {
  await browser.close();
  await web.close();
  await stack.stop();
  await rm(outDir, { recursive: true, force: true });
}
