// Confusion groups (docs/decisions/grouping.md): the teaching team corrects them in the live view,
// "Merge" and "Not this group", and the correction holds in the live view and in Session Insights.
import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { db, putSessionInBrowser } from './support/stack';
import { TIME_ZONE, expectToast, professorCourse } from './support/student';

test.use({ timezoneId: TIME_ZONE });

const BASE_CASE = [
  'I don’t understand the base case of recursion',
  'The recursion base case is unclear to me',
  'no entendí el caso base de la recursión',
];
const STACK = ['What is a stack frame, exactly?', 'Stack frames during recursive calls'];
const MERGE_SORT = 'Merge sort complexity';
const SPANISH = BASE_CASE[2]!;

const group = (page: Page, text: string) => page.getByTestId('confusion-group').filter({ hasText: text });

test('the team merges two groups and takes a text out; the live view and Session Insights show it', async ({ page, context, baseURL }) => {
  const c = await professorCourse({ withSession: true, topic: 'Recursion' });
  // Six texts (two whole batches, so the live view shows them all), written a minute apart.
  for (const [i, confusion] of [...BASE_CASE, ...STACK, MERGE_SORT].entries()) {
    await db().query(
      `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
       values ($1, $2, 'quick', encode(sha256(gen_random_uuid()::text::bytea), 'hex'), 'Recursion', $3, 'very', now() - make_interval(mins => $4))`,
      [c.course.id, c.session!.sessionId, confusion, 10 - i],
    );
  }
  await putSessionInBrowser(context, baseURL!, c.professor.client);
  await page.goto(`/professor/live/${c.course.id}`);
  const groups = page.getByTestId('confusion-group');
  await expect(groups).toHaveCount(3);
  await expect(group(page, 'base case').getByTestId('group-texts')).toHaveText('3 similar texts');
  await expect(group(page, 'stack frame').getByTestId('group-texts')).toHaveText('2 similar texts');

  // "Merge": the stack frames join the base case.
  await group(page, 'stack frame').getByRole('button', { name: 'Merge', exact: true }).click();
  const into = group(page, 'stack frame').getByLabel('Merge this group into');
  const baseCaseOption = await into.locator('option', { hasText: /base case|caso base/ }).getAttribute('value');
  await into.selectOption(baseCaseOption!);
  await expectNoSeriousA11yViolations(page);
  await group(page, 'stack frame').getByRole('button', { name: 'Merge', exact: true }).click();
  await expectToast(page, 'Success', 'Groups merged');
  await expect(groups).toHaveCount(2);
  await expect(group(page, 'base case').getByTestId('group-texts')).toHaveText('5 similar texts');

  // "Not this group": the Spanish text leaves it for a group of its own.
  const merged = group(page, 'base case');
  const showOthers = merged.getByText('Show the other texts');
  await showOthers.click();
  await merged.getByRole('button', { name: `Not this group: ${SPANISH}` }).click();
  await expectToast(page, 'Success', 'Text taken out of the group');
  await expect(groups).toHaveCount(3);
  await expect(group(page, STACK[0]!).getByTestId('group-texts')).toHaveText('4 similar texts');
  await expect(group(page, SPANISH).getByTestId('group-texts')).toHaveCount(0);

  // The corrections are kept, and Session Insights reads the same groups.
  const { rows } = await db().query<{ action: string }>(
    'select action from public.confusion_group_edits where class_session_id = $1 order by created_at',
    [c.session!.sessionId],
  );
  expect(rows.map((row) => row.action)).toEqual(['merge', 'take_out']);
  await page.goto('/professor/dashboard');
  const insights = page.getByRole('region', { name: 'Session Insights' }).getByTestId('session-shared-confusion');
  await expect(insights.getByTestId('confusion-group')).toHaveCount(3);
  await expect(insights.getByTestId('confusion-group').filter({ hasText: STACK[0]! }).getByTestId('group-texts')).toHaveText(
    '4 similar texts',
  );
  await expect(insights.getByTestId('confusion-group').filter({ hasText: SPANISH }).getByTestId('group-texts')).toHaveCount(0);
});
