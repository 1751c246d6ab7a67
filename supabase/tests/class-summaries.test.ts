// After-class summaries (issue 44): through the real class-summaries function and the real inbox
// (SMTP in, Mailpit's API out). Exactly one e-mail per ended session for an opted-in member, nothing
// more on a second run, none when opted out or removed from the team, no texts of a session below the
// course's minimum, a refused send retried once and sent once, and the one-click unsubscribe.
import { beforeAll, describe, expect, it } from 'vitest';
import { db, signInWithEmailCode, stack, type SignedIn } from '../../testing/vitest.ts';
import { addTeamMember, createCourse, createQuickSubmission, createSession, removeTeamMember } from './fixtures.ts';

interface Message {
  ID: string;
  Subject: string;
}

async function mailsTo(email: string, courseCode: string): Promise<Message[]> {
  const res = await fetch(
    `${stack().inboxUrl}/api/v1/search?limit=200&query=${encodeURIComponent(`to:"${email}" subject:"${courseCode}"`)}`,
  );
  return ((await res.json()) as { messages: Message[] }).messages;
}

async function message(id: string): Promise<{ Text: string; HTML: string }> {
  return (await fetch(`${stack().inboxUrl}/api/v1/message/${id}`)).json();
}

async function headers(id: string): Promise<Record<string, string[]>> {
  return (await fetch(`${stack().inboxUrl}/api/v1/message/${id}/headers`)).json();
}

async function run(): Promise<{ claimed: number; sent: number; failed: number }> {
  const res = await fetch(`${stack().apiUrl}/functions/v1/class-summaries/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack().serviceRoleKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** Subscribes as the member (row-level security decides), then dates the subscription an hour back. */
async function subscribe(member: SignedIn, courseId: string) {
  const { error } = await member.client.from('class_summary_subscriptions').insert({ course_id: courseId });
  expect(error).toBeNull();
  await db().query(
    `update public.class_summary_subscriptions set created_at = now() - interval '1 hour' where course_id = $1 and user_id = $2`,
    [courseId, member.userId],
  );
}

const endedSession = (courseId: string, daysAgo: number) => createSession(courseId, { daysFromToday: -daysAgo, expired: true });

let owner: SignedIn;
let ta: SignedIn;
let removed: SignedIn;
let optedOut: SignedIn;
let course: { id: string; code: string };

beforeAll(async () => {
  [owner, ta, removed, optedOut] = await Promise.all([
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithEmailCode(),
  ]);
  course = await createCourse(owner.userId);
  for (const member of [ta, removed, optedOut]) await addTeamMember(course.id, member.userId, 'ta');
  for (const member of [owner, ta, removed]) await subscribe(member, course.id);
  await removeTeamMember(course.id, removed.userId);
});

describe('after-class summaries', () => {
  it('a removed member’s subscription goes with the membership, and no one may subscribe another', async () => {
    const { rows } = await db().query('select user_id from public.class_summary_subscriptions where course_id = $1', [course.id]);
    expect(rows.map((r) => r.user_id).sort()).toEqual([owner.userId, ta.userId].sort());
    const other = await optedOut.client.from('class_summary_subscriptions').insert({ course_id: course.id, user_id: owner.userId });
    expect(other.error).not.toBeNull();
    const notMine = await removed.client.from('class_summary_subscriptions').insert({ course_id: course.id });
    expect(notMine.error).not.toBeNull();
  });

  it('sends one summary per ended session to each opted-in member, nothing more on a second run', async () => {
    const big = await endedSession(course.id, 1);
    for (const text of [
      'The base case of recursion is unclear.',
      'I do not get the base case of recursion.',
      'Stack frames lost me completely.',
      'Recursion depth lost me completely.',
    ]) {
      await createQuickSubmission(course.id, big.id, { confusion: text, difficulty_level: 'completely' });
    }
    const hidden = await createQuickSubmission(course.id, big.id, { confusion: 'A hidden remark about the professor.' });
    await db().query('update public.submissions set hidden_at = now() where id = $1', [hidden]);
    const small = await endedSession(course.id, 2);
    await createQuickSubmission(course.id, small.id, { confusion: 'Only two of us: a private small-class text.' });

    const first = await run();
    expect(first.sent).toBeGreaterThanOrEqual(4);

    for (const member of [owner, ta]) {
      const mails = await mailsTo(member.email, course.code);
      expect(mails.map((m) => m.Subject).sort()).toEqual(
        [`After class: ${course.code}, ${big.session_date}`, `After class: ${course.code}, ${small.session_date}`].sort(),
      );
      const bigMail = await message(mails.find((m) => m.Subject.endsWith(big.session_date))!.ID);
      expect(bigMail.Text).toContain('5 responses');
      expect(bigMail.Text).toMatch(/recursion/i);
      expect(bigMail.Text).toContain('The confusion alarm went off');
      expect(bigMail.Text).toContain(`/professor/live/${course.id}`);
      expect(bigMail.Text).toContain(`/professor/courses/${course.id}/report`);
      expect(bigMail.Text).not.toContain('hidden remark');
      const smallMail = await message(mails.find((m) => m.Subject.endsWith(small.session_date))!.ID);
      expect(smallMail.Text).toContain('1 response');
      expect(smallMail.Text + smallMail.HTML).not.toContain('small-class text');
      const h = await headers(mails[0].ID);
      expect(h['List-Unsubscribe']?.[0]).toMatch(/^<http.*\/functions\/v1\/class-summaries\/unsubscribe\?token=[\w-]{43}>$/);
      expect(h['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    }
    for (const member of [removed, optedOut]) expect(await mailsTo(member.email, course.code)).toEqual([]);

    await run();
    expect(await mailsTo(owner.email, course.code)).toHaveLength(2);
    expect(await mailsTo(ta.email, course.code)).toHaveLength(2);
  });

  it('retries a send the mail server refused, and sends it once', async () => {
    const session = await endedSession(course.id, 3);
    await createQuickSubmission(course.id, session.id);
    await fetch(`${stack().inboxUrl}/api/v1/smtp/refuse`, { method: 'POST', body: JSON.stringify({ count: 1 }) });
    const first = await run();
    expect([first.sent, first.failed]).toEqual([1, 1]);
    const second = await run();
    expect([second.sent, second.failed]).toEqual([1, 0]);
    expect(await run()).toMatchObject({ claimed: 0 });
    for (const member of [owner, ta]) {
      const mails = (await mailsTo(member.email, course.code)).filter((m) => m.Subject.endsWith(session.session_date));
      expect(mails).toHaveLength(1);
    }
  });

  it('unsubscribes with the one-click POST, and sends nothing more to that member', async () => {
    const [latest] = await mailsTo(owner.email, course.code);
    const url = (await headers(latest.ID))['List-Unsubscribe']![0].slice(1, -1);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(course.code);
    expect((await owner.client.from('class_summary_subscriptions').select('course_id').eq('course_id', course.id)).data).toEqual([]);

    const session = await endedSession(course.id, 4);
    await createQuickSubmission(course.id, session.id);
    await run();
    const subject = (m: Message) => m.Subject.endsWith(session.session_date);
    expect((await mailsTo(owner.email, course.code)).filter(subject)).toEqual([]);
    expect((await mailsTo(ta.email, course.code)).filter(subject)).toHaveLength(1);
    expect(
      (await fetch(`${stack().apiUrl}/functions/v1/class-summaries/unsubscribe?token=${'x'.repeat(43)}`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('refuses a run without the secret', async () => {
    const res = await fetch(`${stack().apiUrl}/functions/v1/class-summaries/run`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.status).toBe(404);
  });
});
