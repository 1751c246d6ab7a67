// LTI 1.3 in a real browser, with a stand-in Canvas (its own keys and JWKS on a local port): an
// instructor's first launch from an LMS course that is not linked signs them in through Supabase
// Auth and lands on "Link Your LMS Course", where they make the course and link it; a student's
// launch from that LMS course then reaches today's form, and the instructor's next launch opens
// the course's live view.
import { type Page, expect, test } from '@playwright/test';
import { launchFormHtml, lmsInstructor, lmsUser, Platform, ROLE, useStack, type LmsUser } from '../../testing/lti-platform';
import { expectNoSeriousA11yViolations } from './a11y';
import { expectToast } from './support/professor';
import { db, stack, uniqueCourseCode } from './support/stack';

useStack({ db, apiUrl: () => stack().apiUrl });
// A new platform each time beforeAll runs: with two workers, one worker can run this file's tests
// in two turns, and a platform registered again under the same issuer would be refused.
let canvas: Platform;

test.beforeAll(async () => {
  canvas = await new Platform('canvas').start();
});

test.afterAll(async () => {
  await canvas.stop();
});

/** What the platform's auth endpoint makes the browser do: post the signed id_token and the state to the tool. */
async function launchInBrowser(
  page: Page,
  o: { user: LmsUser; contextId: string; roles: string[]; context?: { label: string; title: string } },
) {
  await page.setContent(launchFormHtml(await canvas.signedLaunch(o)));
  await page.getByRole('button', { name: 'Launch ClassPulse' }).click();
}

test('an instructor links an LMS course on the first launch; students then reach its form, and the instructor its live view', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const teacher = lmsInstructor();
  const contextId = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const label = uniqueCourseCode('DS');

  await launchInBrowser(page, { user: teacher, contextId, roles: [ROLE.instructor], context: { label, title: 'Distributed Systems' } });
  await expect(page).toHaveURL(/\/professor\/lti\/link\?request=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Link Your LMS Course' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${label} · Distributed Systems` })).toBeVisible();
  await expect(page.getByText('From Test canvas.')).toBeVisible();
  // A new account has no course yet: "Create a new course", named after the LMS course.
  await expect(page.getByLabel('ClassPulse course')).toHaveValue('new');
  await expect(page.getByLabel('Course Name')).toHaveValue('Distributed Systems');
  await expect(page.getByLabel('Course Code')).toHaveValue(label);
  await expectNoSeriousA11yViolations(page);

  // An empty name is refused in the form, and nothing is made.
  await page.getByLabel('Course Name').fill('');
  await page.getByRole('button', { name: 'Link Course' }).click();
  await expect(page.getByText('Course name is required')).toBeVisible();
  await page.getByLabel('Course Name').fill('Distributed Systems');

  await page.getByRole('button', { name: 'Link Course' }).click();
  await expectToast(page, 'Course linked', 'Students who open ClassPulse from Test canvas now reach this course.');
  await expect(page).toHaveURL(/\/professor\/live\/[0-9a-f-]{36}$/);
  const courseId = new URL(page.url()).pathname.split('/').pop()!;
  const { rows } = await db().query(
    `select c.code, c.name, u.email from private.lti_context_links l
     join public.courses c on c.id = l.course_id join auth.users u on u.id = c.owner_id
     where l.platform_id = $1 and l.context_id = $2`,
    [canvas.id, contextId],
  );
  expect(rows).toEqual([{ code: label, name: 'Distributed Systems', email: teacher.email }]);

  // A student, in a browser of their own, opens ClassPulse from that LMS course.
  const student = await browser.newContext({ baseURL });
  const studentPage = await student.newPage();
  await launchInBrowser(studentPage, { user: lmsUser(), contextId, roles: [ROLE.learner] });
  await expect(studentPage).toHaveURL(new RegExp(`/class-session\\?courseId=${courseId}&sessionId=\\d{4}-\\d{2}-\\d{2}$`));
  await expect(studentPage.getByText(label).first()).toBeVisible();
  await student.close();

  // The instructor's next launch goes straight to the live view.
  await launchInBrowser(page, { user: teacher, contextId, roles: [ROLE.instructor] });
  await expect(page).toHaveURL(new RegExp(`/professor/live/${courseId}$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Live View' })).toBeVisible();
});

test('a spent link request says so and leads back to Course Management', async ({ page }) => {
  const teacher = lmsInstructor();
  const contextId = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await launchInBrowser(page, {
    user: teacher,
    contextId,
    roles: [ROLE.instructor],
    context: { label: uniqueCourseCode('SP'), title: '' },
  });
  await expect(page).toHaveURL(/\/professor\/lti\/link\?request=/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Link Course' })).toBeVisible();
  await db().query(`delete from private.lti_link_requests where platform_id = $1 and context_id = $2`, [canvas.id, contextId]);
  await page.reload();
  await expect(page.getByText('This link request has expired')).toBeVisible();
  await page.getByRole('link', { name: 'Manage Courses' }).last().click();
  await expect(page).toHaveURL(/\/professor$/);
});
