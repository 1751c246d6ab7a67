// The term report (issue 44): from the course card to the report's sessions, chart (with its text
// alternative), notes and alarm; its CSV; and its print: a PDF whose pages hold every section and
// none of the site's navigation. Fixtures through SQL.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { expectNoSeriousA11yViolations } from './a11y';
import { pdfPages } from './support/pdfText';
import { signInByCookie } from './support/professor';
import { db, uniqueCourseCode } from './support/stack';
import { TIME_ZONE } from './support/timeZone';

test.use({ timezoneId: TIME_ZONE });

const SECTIONS = [
  'Responses per Session',
  'Clarity and Confidence',
  'Pace and Challenge over Time',
  'Most Shared Confusion by Week',
  'Notes and Follow-up',
  'Confusion Alarm Peaks',
];

test('the term report shows the term, downloads as CSV and prints every section', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const professor = await signInByCookie(context, baseURL!);
  const code = uniqueCourseCode('TR');
  const name = `Report Course ${code}`;
  const {
    rows: [course],
  } = await db().query<{ id: string }>(
    `insert into public.courses (owner_id, name, code, timezone, review_before_publishing, min_public_responses,
       alarm_window_minutes, alarm_min_responses, alarm_lost_share)
     values ($1, $2, $3, $4, true, 3, 10, 3, 0.5) returning id`,
    [professor.userId, name, code, TIME_ZONE],
  );
  const session = async (daysAgo: number, topic: string) =>
    (
      await db().query<{ id: string }>(
        `insert into public.class_sessions (course_id, session_date, expires_at, is_active, topic)
         select $1, d.session_date - $2::int, d.expires_at - make_interval(days => $2::int), $2 = 0, $3
         from private.class_day($4, now()) d returning id`,
        [course!.id, daysAgo, topic, TIME_ZONE],
      )
    ).rows[0]!.id;
  const feedback = (
    sessionId: string,
    clarity: number,
    text: string,
    opts: { hidden?: boolean; reviewed?: boolean; minutesAgo?: number } = {},
  ) =>
    db().query(
      `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
         unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level, created_at, hidden_at, reviewed_at)
       values ($1, $2, 'session', md5(random()::text) || md5(random()::text), 'Session feedback', 'Homework.', $3, 'Examples.',
         'slightly_fast', 'slightly_hard', $4, 60, now() - make_interval(mins => $5::int), case when $6 then now() end,
         case when $7 then now() end)`,
      [course!.id, sessionId, text, clarity, opts.minutesAgo ?? 30, opts.hidden ?? false, opts.reviewed ?? true],
    );
  const pointers = await session(14, 'Pointers');
  await feedback(pointers, 6, 'Pointer arithmetic');
  await feedback(pointers, 4, 'Pointer arithmetic on arrays');
  await feedback(pointers, 5, 'A hidden insult', { hidden: true });
  await feedback(pointers, 2, 'Not yet reviewed text', { reviewed: false });
  const small = await session(7, 'Small Group');
  await feedback(small, 3, 'Only two of us here');
  await feedback(small, 3, 'Second of two');
  const recursion = await session(1, 'Recursion');
  for (const minutesAgo of [70, 68, 66]) await feedback(recursion, 1, 'Lost in recursion', { minutesAgo });
  await db().query(`insert into public.session_notes (session_id, body) values ($1, 'We redid pointer arithmetic slowly.')`, [pointers]);
  // "Did it work?": a note on the small session answers the stack against the heap; the next
  // session's three students rate them 6 and 3.
  await db().query(
    `with note as (
       insert into public.session_notes (session_id, body, addressed_topic, control_topic)
       values ($1, 'A stack drawing for every call.', 'the stack', 'the heap') returning id
     )
     insert into public.topic_ratings (submission_id, note_id, side, rating)
     select s.id, note.id, r.side, r.rating
     from note, public.submissions s, (values ('addressed', 6), ('control', 3)) r(side, rating)
     where s.class_session_id = $2`,
    [small, recursion],
  );

  await page.goto('/professor');
  await page.getByRole('article', { name, exact: true }).getByRole('link', { name: 'Term Report' }).click();
  await expect(page).toHaveURL(new RegExp(`/professor/courses/${course!.id}/report$`));
  await expect(page.getByRole('heading', { name: 'Term Report', level: 1 })).toBeVisible();

  // Sessions: three, the small one protected.
  const sessions = page.getByTestId('report-session');
  await expect(sessions).toHaveCount(3);
  await expect(sessions.nth(0)).toContainText('Pointers');
  await expect(sessions.nth(0)).toContainText('4.25');
  await expect(sessions.nth(1)).toContainText('Shown from 3 responses, to protect anonymity');
  // The chart's text alternative: a summary and the values as a table.
  // The picture itself is drawn: a line each for clarity and confidence.
  await expect(page.getByTestId('report-clarity').locator('.recharts-line-curve')).toHaveCount(2);
  await expect(page.getByTestId('clarity-chart-summary')).toContainText('Mean clarity went from 4.25');
  await expect(page.getByTestId('clarity-chart-summary')).toContainText('to 1 (');
  await expect(page.getByTestId('clarity-table').getByRole('row')).toHaveCount(4);
  // Texts: no hidden, unreviewed or protected ones.
  const confusion = page.getByTestId('report-confusion');
  await expect(confusion).toContainText('Pointer arithmetic on arrays');
  await expect(confusion).toContainText('Lost in recursion');
  for (const hidden of ['A hidden insult', 'Not yet reviewed text', 'Only two of us here'])
    await expect(confusion).not.toContainText(hidden);
  // Notes sorted by effect: the one with a verdict first, then the one that asked nothing.
  const verdict = 'Clearer than the heap by 3.0 (3.0 to 3.0)';
  await expect(page.getByTestId('report-note-result')).toHaveText([verdict, 'No check question.']);
  await expect(page.getByTestId('report-note').nth(1)).toContainText('We redid pointer arithmetic slowly.');
  await expect(page.getByTestId('effects-table')).toContainText('the stack');
  await expect(page.getByTestId('report-alarm-peak')).toHaveCount(1);
  await expect(page.getByTestId('report-alarm-peak')).toContainText('3 of 3 responses completely lost (100%)');
  await expectNoSeriousA11yViolations(page);

  // CSV: one row per session, confusion, note and peak.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^classpulse-report-${code.replace(/\s+/g, '-')}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
  expect(rows.filter((r) => r.section === 'session').map((r) => [r.topic, r.responses])).toEqual([
    ['Pointers', '4'],
    ['Small Group', '2'],
    ['Recursion', '3'],
  ]);
  expect(rows.filter((r) => r.section === 'note').map((r) => [r.text, r.verdict])).toEqual([
    ['We redid pointer arithmetic slowly.', ''],
    ['A stack drawing for every call.', verdict],
  ]);
  expect(rows.filter((r) => r.section === 'alarm').map((r) => [r.alarmLost, r.alarmRecent])).toEqual([['3', '3']]);
  expect(rows.filter((r) => r.section === 'confusion').map((r) => r.text)).not.toContain('A hidden insult');

  // Print: every section on its own page(s), the chart's caption kept, no navigation or buttons.
  const pages = pdfPages(await page.pdf({ format: 'A4', printBackground: true }));
  const squash = (s: string) => s.replace(/\s+/g, '');
  const pageOf = (text: string) => pages.findIndex((p) => squash(p).includes(squash(text)));
  for (const title of SECTIONS) expect(pageOf(title), title).toBeGreaterThanOrEqual(0);
  const starts = SECTIONS.map(pageOf);
  expect(new Set(starts).size, `sections start on pages ${starts.join(', ')}`).toBe(SECTIONS.length);
  expect(pageOf('Pointers')).toBeGreaterThanOrEqual(0);
  expect(pageOf('Mean clarity went from 4.25')).toBe(pageOf('Clarity and Confidence'));
  expect(pageOf('We redid pointer arithmetic slowly.')).toBeGreaterThanOrEqual(pageOf('Notes and Follow-up'));
  expect(pageOf(verdict)).toBeGreaterThanOrEqual(pageOf('Notes and Follow-up'));
  for (const absent of ['Download CSV', 'Manage Courses', 'Show Report']) expect(pageOf(absent), absent).toBe(-1);
});
