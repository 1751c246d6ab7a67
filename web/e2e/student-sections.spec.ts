// One deployment for a department, as students meet it (docs/decisions/sections-and-terms.md): two
// professors teach sections of one code in the same term; course search shows both with section,
// term and the names the professors chose; "End Term" takes one out of search and expires its
// link; "Start Next Term" brings it back for the next term. Fixtures through the API (the
// professor's screens for the same have tests of their own).
import { type Page, expect, test } from '@playwright/test';
import { db, signInWithEmailCode, uniqueCourseCode } from './support/stack';

const EXPIRED = 'Session not found or expired. Please ask your professor for a new link.';

async function section(code: string, section: string, term: string, name: string) {
  const professor = await signInWithEmailCode();
  await db().query('update public.profiles set display_name = $2 where id = $1', [professor.userId, name]);
  const { data, error } = await professor.client
    .from('courses')
    .insert({ name: 'Introduction to Programming', code, section, term, timezone: 'UTC' })
    .select('id')
    .single<{ id: string }>();
  if (error || !data) throw error ?? new Error('course not created');
  return { professor, courseId: data.id };
}

async function search(page: Page, code: string) {
  await page.goto('/course-search');
  await page.getByLabel('Course code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
}

const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');

test('two sections of one code: both found with section, term and name; End Term hides one and expires its link; Start Next Term brings it back', async ({
  page,
}) => {
  const code = uniqueCourseCode('D');
  const term = 'Fall 2026';
  const lee = await section(code, '001', term, 'Dr. Pat Lee');
  const roe = await section(code, '002', term, 'Dr. Sam Roe');
  const link = await lee.professor.client.rpc('create_today_session', { course_id: lee.courseId });
  const accessToken = (link.data as { accessToken: string }).accessToken;

  await search(page, code);
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).nth(0).getByText(`Section 001 · ${term}`)).toBeVisible();
  await expect(results(page).nth(0).getByText('Taught by Dr. Pat Lee')).toBeVisible();
  await expect(results(page).nth(1).getByText(`Section 002 · ${term}`)).toBeVisible();
  await expect(results(page).nth(1).getByText('Taught by Dr. Sam Roe')).toBeVisible();
  await expect(
    results(page)
      .nth(0)
      .getByRole('link', { name: `View Course ${code}` }),
  ).toHaveAttribute('href', `/courses/${lee.courseId}`);

  expect((await lee.professor.client.rpc('end_term', { course_id: lee.courseId })).error).toBeNull();
  await search(page, code);
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).getByText('Taught by Dr. Sam Roe')).toBeVisible();
  await page.goto(`/class/${accessToken}`);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);

  // A current section's page names its section, drawn before the app's code as every course page.
  await page.goto(`/courses/${roe.courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${code} · Section 002`);
  await expect(page).toHaveTitle(`${code} · Section 002 · ClassPulse`);

  // Its page says the term has ended, and it takes no feedback.
  await page.goto(`/courses/${lee.courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${code} · Section 001`);
  await expect(page.getByText("This course's term has ended. It no longer takes feedback.")).toBeVisible();

  const next = await lee.professor.client.rpc('start_next_term', { course_id: lee.courseId, term: 'Spring 2027' });
  expect(next.error).toBeNull();
  await search(page, code);
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).filter({ hasText: 'Taught by Dr. Pat Lee' }).getByText('Section 001 · Spring 2027')).toBeVisible();
  const { rows } = await db().query('select count(*)::int as n from public.courses where code = $1', [code]);
  expect(rows[0].n).toBe(3);
});
