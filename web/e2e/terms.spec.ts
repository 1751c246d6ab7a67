// Sections and terms (issue 43): one deployment for a whole department. Several courses share a
// code (COSC 1337 sections 001 and 002), a course is unique by code, section and term, "End Term"
// archives a course and "Start Next Term" makes the next one with the same team. Fixtures (the
// other professor and their section, the co-instructor) come through the API and SQL.
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { courseCard, createTodaysLink, expectToast, signInByCookie } from './support/professor';
import { db, signInWithEmailCode } from './support/stack';
import { TIME_ZONE } from './support/timeZone';

test('sections, "End Term", "Start Next Term" and the name students see', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  // COSC 1337 as the department has it, in a term of its own: the demo data and other runs have COSC 1337 too.
  const year = randomInt(2200, 9990);
  const term = `Fall ${year}`;
  const next = `Spring ${year + 1}`;
  const name = `Programming Fundamentals I ${year}`;

  // Another professor teaches section 002 that term; they join this professor's team later.
  const colleague = await signInWithEmailCode();
  const { error } = await colleague.client
    .from('courses')
    .insert({ name: 'Programming Fundamentals I', code: 'COSC 1337', section: '002', term, timezone: TIME_ZONE });
  expect(error).toBeNull();

  const professor = await signInByCookie(context, baseURL!);
  await page.goto('/professor');
  await page.getByRole('button', { name: 'Get Started' }).click();

  // Section 001 of the same code and term is a course of its own; the form proposes the current term.
  const form = page.getByRole('form', { name: 'Create course' });
  await expect(form.getByRole('textbox', { name: 'Term', exact: true })).toHaveValue(/^(Spring|Summer|Fall) \d{4}$/);
  const create = async (courseName: string) => {
    await form.getByLabel('Course Name').fill(courseName);
    await form.getByLabel('Course Code').fill('cosc 1337');
    await form.getByLabel('Section').fill('001');
    await form.getByRole('textbox', { name: 'Term', exact: true }).fill(term);
    await form.getByRole('button', { name: 'Create Course' }).click();
  };
  await create(name);
  await expectToast(page, 'Success', 'Course created successfully');
  const card = courseCard(page, name);
  await expect(card.getByTestId('course-code')).toHaveText('COSC 1337 · Section 001');
  await expect(card.getByTestId('course-term')).toHaveText(term);

  // A second section 001 that term is refused, saying what to change.
  await create(`Copy of ${name}`);
  const clash = `COSC 1337 section 001 already exists for ${term}. Change the section or the term.`;
  await expectToast(page, 'Error', clash);
  await expect(form.getByText(clash)).toBeVisible();
  await expect(courseCard(page, `Copy of ${name}`)).toHaveCount(0);

  const [created] = (
    await db().query<{ id: string }>(
      `select id from public.courses where owner_id = $1 and code = 'COSC 1337' and section = '001' and term = $2`,
      [professor.userId, term],
    )
  ).rows;
  expect(created).toBeDefined();
  await db().query(`insert into public.course_members (course_id, user_id, role, email) values ($1, $2, 'co_instructor', $3)`, [
    created!.id,
    colleague.userId,
    colleague.email,
  ]);

  // End Term: the confirmation says what it does; then the card says the term ended, and today's link is gone.
  await createTodaysLink(page, name);
  await card.getByRole('button', { name: 'End Term of COSC 1337 · Section 001' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'End the term of COSC 1337 · Section 001?' });
  for (const said of [
    'It leaves course search, so students can no longer find it.',
    'Its class link stops working, and students can no longer send feedback.',
    'Your team keeps reading all of its feedback, on the dashboard and in the live view.',
  ]) {
    await expect(confirm.getByText(said)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'End Term' }).click();
  await expectToast(page, 'Term ended', `COSC 1337 · Section 001 (${term}) has ended.`);
  const endedCard = card.filter({ hasText: term });
  await expect(endedCard.getByTestId('term-ended')).toHaveText('Term ended');
  await expect(endedCard.getByTestId('class-link')).toHaveCount(0);
  await expect(endedCard.getByRole('button', { name: "Create Today's Link" })).toHaveCount(0);
  await expect(endedCard.getByRole('button', { name: /^Present/ })).toHaveCount(0);
  await expect(endedCard.getByRole('link', { name: 'Open Live View' })).toBeVisible();
  const ended = await db().query(
    `select c.ended_at, (select count(*)::int from public.class_sessions s where s.course_id = c.id and s.is_active) as active
     from public.courses c where c.id = $1`,
    [created!.id],
  );
  expect(ended.rows[0]).toMatchObject({ ended_at: expect.any(Date), active: 0 });

  // Start Next Term proposes the term after the course's own and makes it, with the same team.
  await endedCard.getByRole('button', { name: 'Start Next Term of COSC 1337 · Section 001' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start the next term of COSC 1337 · Section 001' });
  await expect(dialog.getByRole('textbox', { name: 'Term' })).toHaveValue(next);
  await dialog.getByRole('button', { name: 'Start Next Term' }).click();
  await expectToast(page, 'Success', `COSC 1337 · Section 001 for ${next} is ready, with the same team.`);
  await expect(dialog).toBeHidden();
  const nextCard = card.filter({ hasText: next });
  await expect(nextCard.getByText('No active session for today')).toBeVisible();
  await expect(nextCard.getByTestId('term-ended')).toHaveCount(0);
  // Current courses come first, ended ones after them.
  await expect(page.getByTestId('course-term')).toHaveText([next, term]);
  const made = await db().query<{ id: string; name: string; owner_id: string; ended_at: Date | null }>(
    `select id, name, owner_id, ended_at from public.courses where code = 'COSC 1337' and section = '001' and term = $1`,
    [next],
  );
  expect(made.rows).toHaveLength(1);
  expect(made.rows[0]).toMatchObject({ name, owner_id: professor.userId, ended_at: null });
  const team = await db().query(`select user_id, role from public.course_members where course_id = $1`, [made.rows[0]!.id]);
  expect(team.rows).toEqual([{ user_id: colleague.userId, role: 'co_instructor' }]);

  // The dashboard's filter offering the ended course last, under "Ended courses": DashboardPage.test.tsx (my_courses: terms.test.ts).

  // "Your name as students see it": saved, then removed (empty saves none).
  const nameField = page.getByLabel('Your name as students see it');
  await expect(nameField).toHaveValue('');
  await nameField.fill('  Dr. Pat Lee ');
  await page.getByRole('button', { name: 'Save Name' }).click();
  await expectToast(page, 'Success', 'Students see Dr. Pat Lee beside your courses.');
  const displayName = async () =>
    (await db().query<{ display_name: string | null }>(`select display_name from public.profiles where id = $1`, [professor.userId]))
      .rows[0]?.display_name;
  expect(await displayName()).toBe('Dr. Pat Lee');
  await page.reload();
  await expect(nameField).toHaveValue('Dr. Pat Lee');
  await nameField.fill('');
  await page.getByRole('button', { name: 'Save Name' }).click();
  await expectToast(page, 'Success', 'Students see no name beside your courses.');
  expect(await displayName()).toBeNull();
});
