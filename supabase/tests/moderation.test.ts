// Moderation of the public course page and small-class protection (k-anonymity): hidden feedback,
// "Review before publishing" and the per-course minimum of responses, through the real API
// (PostgREST as anon and as signed-in professors) and, for Session Insights, as PostgREST runs SQL.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, db, signInWithEmailCode } from '../../testing/vitest.ts';
import { createAuthUser, createCourse, createQuickSubmission, createSession, createSessionSubmission } from './fixtures.ts';
import { inRolledBackTransaction, arrangeUser, professorWithCourse, type Tx } from './sql.ts';

interface TimelineItem {
  id: string;
  topic: string;
  confusion: string;
}
interface Timeline {
  total: number;
  thisWeek: number;
  items: TimelineItem[];
}

async function publicTimeline(courseId: string): Promise<Timeline> {
  const { data, error } = await anonClient().rpc('course_timeline', { course_id: courseId });
  expect(error).toBeNull();
  return data as Timeline;
}

async function addMember(courseId: string, userId: string, role: 'co_instructor' | 'ta') {
  await db().query(`insert into public.course_members (course_id, user_id, role, email) values ($1, $2, $3, $4)`, [
    courseId,
    userId,
    role,
    `${role}-${randomUUID().slice(0, 8)}@example.edu`,
  ]);
}

/** A course of a signed-in owner with a co-instructor and a TA, and one session with `n` quick submissions. */
async function teamCourse(n: number) {
  const [owner, coInstructor, ta, stranger] = await Promise.all([
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithEmailCode(),
  ]);
  const course = await createCourse(owner.userId);
  await addMember(course.id, coInstructor.userId, 'co_instructor');
  await addMember(course.id, ta.userId, 'ta');
  const session = await createSession(course.id);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(await createQuickSubmission(course.id, session.id, { topic: `Topic ${i}`, confusion: `Confusing text number ${i}.` }));
  }
  return { owner, coInstructor, ta, stranger, course, session, ids };
}

describe('hidden submissions', () => {
  it('are never on the public timeline, for anyone, but the whole team still reads them', async () => {
    const t = await teamCourse(4);
    const [hidden] = t.ids;
    expect((await publicTimeline(t.course.id)).items.map((i) => i.id)).toContain(hidden);

    // A TA hides it (the RPC runs with the caller's rights; the team may update hidden_at).
    const hide = await t.ta.client.rpc('set_submission_hidden', { ids: [hidden], hidden: true });
    expect(hide.error).toBeNull();
    expect(hide.data).toBe(1);
    // Hiding again changes nothing.
    expect((await t.ta.client.rpc('set_submission_hidden', { ids: [hidden], hidden: true })).data).toBe(0);

    const anon = await publicTimeline(t.course.id);
    expect(anon.items.map((i) => i.id)).not.toContain(hidden);
    expect(JSON.stringify(anon)).not.toContain('Confusing text number 0.');
    expect(anon.items).toHaveLength(3);
    // Totals are course-wide: the hidden submission still counts.
    expect([anon.total, anon.thisWeek]).toEqual([4, 4]);

    // Another professor, signed in, gets the same public answer and cannot read or show it.
    const strangerTimeline = await t.stranger.client.rpc('course_timeline', { course_id: t.course.id });
    expect((strangerTimeline.data as Timeline).items.map((i) => i.id)).not.toContain(hidden);
    expect((await t.stranger.client.from('submissions').select('id').eq('id', hidden)).data).toEqual([]);
    expect((await t.stranger.client.rpc('set_submission_hidden', { ids: [hidden], hidden: false })).data).toBe(0);
    const direct = await t.stranger.client.from('submissions').update({ hidden_at: null }).eq('id', hidden).select('id');
    expect(direct.data ?? []).toEqual([]);
    // Anonymous visitors have no table access at all.
    expect((await anonClient().from('submissions').select('id').eq('id', hidden)).error).not.toBeNull();
    expect((await anonClient().rpc('set_submission_hidden', { ids: [hidden], hidden: false })).error).not.toBeNull();

    // Owner, co-instructor and TA read it, marked hidden, through the table.
    for (const member of [t.owner, t.coInstructor, t.ta]) {
      const { data, error } = await member.client.from('submissions').select('id, confusion, hidden_at').eq('id', hidden).single();
      expect(error).toBeNull();
      expect(data).toMatchObject({ id: hidden, confusion: 'Confusing text number 0.' });
      expect(data!.hidden_at).not.toBeNull();
    }

    // The owner shows it again.
    const show = await t.owner.client.rpc('set_submission_hidden', { ids: [hidden], hidden: false });
    expect(show.data).toBe(1);
    expect((await publicTimeline(t.course.id)).items.map((i) => i.id)).toContain(hidden);
  });

  it('a former member can no longer hide or show anything', async () => {
    const t = await teamCourse(3);
    await db().query('delete from public.course_members where course_id = $1 and user_id = $2', [t.course.id, t.ta.userId]);
    expect((await t.ta.client.rpc('set_submission_hidden', { ids: t.ids, hidden: true })).data).toBe(0);
    expect((await publicTimeline(t.course.id)).items).toHaveLength(3);
  });
});

describe('review before publishing', () => {
  it('shows only reviewed feedback while the setting is on; the seed behaviour while off', async () => {
    const t = await teamCourse(4);
    expect((await publicTimeline(t.course.id)).items).toHaveLength(4);

    const on = await t.coInstructor.client.from('courses').update({ review_before_publishing: true }).eq('id', t.course.id).select('id');
    expect(on.error).toBeNull();
    expect(on.data).toHaveLength(1);
    const none = await publicTimeline(t.course.id);
    expect(none.items).toEqual([]);
    expect(none.total).toBe(4);

    expect((await t.ta.client.rpc('mark_reviewed', { ids: t.ids.slice(0, 2) })).data).toBe(2);
    expect((await publicTimeline(t.course.id)).items.map((i) => i.id).sort()).toEqual(t.ids.slice(0, 2).sort());

    // Reviewed but hidden: still not shown.
    await t.owner.client.rpc('set_submission_hidden', { ids: [t.ids[0]], hidden: true });
    expect((await publicTimeline(t.course.id)).items.map((i) => i.id)).toEqual([t.ids[1]]);

    await t.owner.client.from('courses').update({ review_before_publishing: false }).eq('id', t.course.id);
    expect((await publicTimeline(t.course.id)).items).toHaveLength(3);
  });

  it('a TA cannot change the setting', async () => {
    const t = await teamCourse(3);
    const tried = await t.ta.client.from('courses').update({ review_before_publishing: true }).eq('id', t.course.id).select('id');
    expect(tried.data ?? []).toEqual([]);
    const { rows } = await db().query('select review_before_publishing from public.courses where id = $1', [t.course.id]);
    expect(rows[0].review_before_publishing).toBe(false);
  });
});

describe('small-class protection on the public timeline', () => {
  it('shows a session from exactly min_public_responses responses on (default 3), totals unchanged', async () => {
    const course = await createCourse(await createAuthUser());
    const small = await createSession(course.id, { daysFromToday: -1 });
    const big = await createSession(course.id, { daysFromToday: -2 });
    for (let i = 0; i < 3; i++) await createQuickSubmission(course.id, big.id, { topic: `Big ${i}` });
    await createQuickSubmission(course.id, small.id, { topic: 'Small 0', confusion: 'Only two of us answered here.' });
    await createSessionSubmission(course.id, small.id, { unclear_parts: 'Small session feedback text.' });

    // k - 1 = 2 responses: nothing of the small session is public.
    let timeline = await publicTimeline(course.id);
    expect(timeline.items.map((i) => i.topic).sort()).toEqual(['Big 0', 'Big 1', 'Big 2']);
    expect(JSON.stringify(timeline)).not.toContain('Only two of us answered here.');
    expect(JSON.stringify(timeline)).not.toContain('Small session feedback text.');
    expect([timeline.total, timeline.thisWeek]).toEqual([5, 5]);

    // k = 3 responses: all three appear.
    await createQuickSubmission(course.id, small.id, { topic: 'Small 2' });
    timeline = await publicTimeline(course.id);
    expect(timeline.items).toHaveLength(6);
    expect(timeline.items.map((i) => i.confusion)).toContain('Only two of us answered here.');

    // Hidden responses still count towards k (the anonymity set is everyone who answered).
    const [{ id: hiddenId }] = (
      await db().query<{ id: string }>(`select id from public.submissions where class_session_id = $1 and topic = 'Small 2'`, [small.id])
    ).rows;
    await db().query('update public.submissions set hidden_at = now() where id = $1', [hiddenId]);
    timeline = await publicTimeline(course.id);
    expect(timeline.items).toHaveLength(5);
    expect(timeline.items.map((i) => i.topic)).toContain('Small 0');

    // A course minimum of 4: the 3-response sessions disappear; 1: every session shows.
    await db().query('update public.courses set min_public_responses = 4 where id = $1', [course.id]);
    expect((await publicTimeline(course.id)).items).toEqual([]);
    expect((await publicTimeline(course.id)).total).toBe(6);
    await db().query('update public.courses set min_public_responses = 1 where id = $1', [course.id]);
    expect((await publicTimeline(course.id)).items).toHaveLength(5);
  });

  it('an unknown course is an empty timeline', async () => {
    expect(await publicTimeline(randomUUID())).toEqual({ total: 0, thisWeek: 0, items: [] });
  });
});

async function sessionFeedback(tx: Tx, p: { courseId: string; sessionId: string }, text: string) {
  await tx.arrange(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
       unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level)
     values ($1, $2, 'session', md5(random()::text) || md5(random()::text), 'Session feedback', 'm', $3, 'w', 'just_right', 'slightly_hard', 3, 50)`,
    [p.courseId, p.sessionId, text],
  );
}

describe('small-class protection in Session Insights', () => {
  it('withholds breakdowns and terms below the minimum, keeps the counts, and shows them from k on', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx, { timezone: 'UTC' });
      const taId = await arrangeUser(tx);
      await tx.arrange(`insert into public.course_members (course_id, user_id, role, email) values ($1, $2, 'ta', 'ta@example.edu')`, [
        p.courseId,
        taId,
      ]);
      await sessionFeedback(tx, p, 'Recursion depth confused me');
      await sessionFeedback(tx, p, 'Recursion and the stack');

      for (const caller of [p.userId, taId]) {
        const [{ session_insights: protectedInsights }] = await tx.as(caller, 'select public.session_insights($1, 7)', [p.courseId]);
        expect(protectedInsights).toEqual([
          expect.objectContaining({
            sessionId: p.sessionId,
            count: 2,
            sessionFeedbackCount: 2,
            protected: true,
            minResponses: 3,
            meanClarity: null,
            meanConfidence: null,
            pace: null,
            challenge: null,
            difficulty: null,
            topTerms: [],
          }),
        ]);
        const [{ session_top_terms: terms }] = await tx.as(caller, 'select public.session_top_terms($1)', [p.sessionId]);
        expect(terms).toEqual([]);
      }

      await sessionFeedback(tx, p, 'Why recursion needs a base case');
      const [{ session_insights: shown }] = await tx.as(p.userId, 'select public.session_insights($1, 7)', [p.courseId]);
      expect(shown[0]).toMatchObject({
        count: 3,
        protected: false,
        minResponses: 3,
        meanClarity: 3,
        pace: { just_right: 3 },
        difficulty: { very: 3 },
      });
      expect(shown[0].topTerms[0]).toEqual({ term: 'recursion', count: 3 });
      const [{ session_top_terms: terms }] = await tx.as(p.userId, 'select public.session_top_terms($1)', [p.sessionId]);
      expect(terms[0]).toEqual({ term: 'recursion', count: 3 });

      // The course's own minimum: 5 protects the 3-response session again, with that number.
      await tx.arrange('update public.courses set min_public_responses = 5 where id = $1', [p.courseId]);
      const [{ session_insights: five }] = await tx.as(p.userId, 'select public.session_insights($1, 7)', [p.courseId]);
      expect(five[0]).toMatchObject({ count: 3, protected: true, minResponses: 5, topTerms: [] });

      // Anyone outside the team: nothing at all.
      const strangerId = await arrangeUser(tx);
      await tx.arrange('update public.courses set min_public_responses = 1 where id = $1', [p.courseId]);
      const [{ session_insights: none }] = await tx.as(strangerId, 'select public.session_insights($1, 7)', [p.courseId]);
      expect(none).toEqual([]);
      const [{ session_top_terms: noTerms }] = await tx.as(strangerId, 'select public.session_top_terms($1)', [p.sessionId]);
      expect(noTerms).toEqual([]);
      await expect(tx.as(null, 'select public.session_insights($1, 7)', [p.courseId])).rejects.toThrow(/permission denied/);
    });
  });
});
