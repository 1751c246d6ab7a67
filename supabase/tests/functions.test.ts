// The SQL functions (RPC) on constructed data, each as the role that would call it.
import { describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient, signInWithAdminLink, signInWithEmailCode } from '../../testing/vitest.ts';
import { createAuthUser, createCourse, createSession, createStory, createVoter, randomHash, vote } from './fixtures.ts';
import { inRolledBackTransaction, professorWithCourse, type Tx } from './sql.ts';

/** Inserts a quick submission `ago` before the transaction's now(). */
async function quickAt(tx: Tx, p: { courseId: string; sessionId: string }, ago: string, topic = 'Recursion', level = 'very') {
  await tx.arrange(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
     values ($1, $2, 'quick', $3, $4, 'Something was unclear here.', $5, now() - $6::interval)`,
    [p.courseId, p.sessionId, randomHash(), topic, level, ago],
  );
}

describe('dashboard_stats and confusion_patterns: ranges at their exact boundaries', () => {
  it('counts the last 7 days, the 7 before, and pending review', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx);
      await quickAt(tx, p, '0 seconds');
      await quickAt(tx, p, '7 days - 1 microsecond'); // inside the last 7 days
      await quickAt(tx, p, '7 days'); // exactly 7 days ago: the week before
      await quickAt(tx, p, '14 days - 1 microsecond'); // the week before
      await quickAt(tx, p, '14 days'); // older
      await tx.arrange(`update public.submissions set reviewed_at = now() where created_at = now() - interval '14 days'`);
      const [{ dashboard_stats: stats }] = await tx.as(p.userId, 'select public.dashboard_stats()');
      expect(stats).toEqual({
        totalSubmissions: 5,
        activeCourses: 1,
        recentSubmissions: 2,
        lastWeekSubmissions: 2,
        pendingReview: 4,
      });
      const [{ dashboard_stats: filtered }] = await tx.as(p.userId, 'select public.dashboard_stats($1)', [p.courseId]);
      expect(filtered.totalSubmissions).toBe(5);
    });
  });

  it('confusion_patterns covers 7, 30 and 90 days exactly', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx);
      for (const days of [7, 30, 90]) {
        await quickAt(tx, p, `${days} days - 1 microsecond`, `Inside ${days}`);
        await quickAt(tx, p, `${days} days`, `Outside ${days}`);
      }
      const topics = async (days: number) => {
        const [{ confusion_patterns: rows }] = await tx.as(p.userId, 'select public.confusion_patterns($1)', [days]);
        return (rows as { topic: string }[]).map((r) => r.topic).sort();
      };
      expect(await topics(7)).toEqual(['Inside 7']);
      expect(await topics(30)).toEqual(['Inside 30', 'Inside 7', 'Outside 7']);
      expect(await topics(90)).toEqual(['Inside 30', 'Inside 7', 'Inside 90', 'Outside 30', 'Outside 7']);
    });
  });

  it('groups topics ignoring case and spaces, with the difficulty distribution, busiest first', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx);
      await quickAt(tx, p, '1 hour', 'Big O', 'slightly');
      await quickAt(tx, p, '2 hours', 'big o', 'very');
      await quickAt(tx, p, '3 hours', 'BigO', 'completely');
      await quickAt(tx, p, '4 hours', 'Big O', 'very');
      await quickAt(tx, p, '5 hours', 'Recursion', 'very');
      await tx.arrange(
        `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
           unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level)
         values ($1, $2, 'session', $3, 'Session feedback', 'm', 'u', 'w', 'just_right', 'slightly_hard', 7, 90)`,
        [p.courseId, p.sessionId, randomHash()],
      );
      const [{ confusion_patterns: rows }] = await tx.as(p.userId, 'select public.confusion_patterns(7, $1)', [p.courseId]);
      expect(rows).toEqual([
        expect.objectContaining({ topic: 'Big O', count: 4, difficultyDistribution: { slightly: 1, very: 2, completely: 1 } }),
        expect.objectContaining({ topic: 'Recursion', count: 1, difficultyDistribution: { slightly: 0, very: 1, completely: 0 } }),
      ]);
    });
  });

  it('shows a professor nothing of another professor’s courses', async () => {
    await inRolledBackTransaction(async (tx) => {
      const a = await professorWithCourse(tx);
      const b = await professorWithCourse(tx);
      await quickAt(tx, a, '1 hour');
      const [{ dashboard_stats: stats }] = await tx.as(b.userId, 'select public.dashboard_stats($1)', [a.courseId]);
      expect(stats).toMatchObject({ totalSubmissions: 0, activeCourses: 0 });
      const [{ confusion_patterns: rows }] = await tx.as(b.userId, 'select public.confusion_patterns(90, $1)', [a.courseId]);
      expect(rows).toEqual([]);
      const [{ session_insights: insights }] = await tx.as(b.userId, 'select public.session_insights($1)', [a.courseId]);
      expect(insights).toEqual([]);
      const [{ mark_reviewed: marked }] = await tx.as(b.userId, `select public.mark_reviewed(array(select id from public.submissions))`);
      expect(marked).toBe(0);
      const [{ mark_reviewed: own }] = await tx.as(a.userId, `select public.mark_reviewed(array(select id from public.submissions))`);
      expect(own).toBe(1);
    });
  });
});

describe('class days and time zones', () => {
  const day = async (tz: string, at: string) =>
    (await db().query(`select session_date::text, expires_at from private.class_day($1, $2::timestamptz)`, [tz, at])).rows[0];

  it('America/Chicago: a day ends at 11:59:59.999 PM local, daylight saving included', async () => {
    expect(await day('America/Chicago', '2026-03-10T04:59:59.999Z')).toEqual({
      session_date: '2026-03-09',
      expires_at: new Date('2026-03-10T04:59:59.999Z'),
    });
    expect((await day('America/Chicago', '2026-03-10T05:00:00Z')).session_date).toBe('2026-03-10');
    // 8 March 2026 is 23 hours long in Chicago (clocks spring forward).
    expect((await day('America/Chicago', '2026-03-08T12:00:00Z')).expires_at).toEqual(new Date('2026-03-09T04:59:59.999Z'));
    expect((await day('America/Chicago', '2026-01-15T12:00:00Z')).expires_at).toEqual(new Date('2026-01-16T05:59:59.999Z'));
  });

  it('Asia/Tokyo: the same instant is already the next day', async () => {
    expect(await day('Asia/Tokyo', '2026-03-09T14:59:59.999Z')).toEqual({
      session_date: '2026-03-09',
      expires_at: new Date('2026-03-09T14:59:59.999Z'),
    });
    expect((await day('Asia/Tokyo', '2026-03-09T15:00:00Z')).session_date).toBe('2026-03-10');
  });

  it('create_today_session uses the course’s zone, is idempotent and owner-only', async () => {
    const a = await signInWithEmailCode();
    const b = await signInWithEmailCode();
    const tokyo = await createCourse(a.userId, { timezone: 'Asia/Tokyo' });
    const first = await a.client.rpc('create_today_session', { course_id: tokyo.id });
    expect(first.error).toBeNull();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    expect(first.data.sessionDate).toBe(today);
    const endOfDay = new Date(`${today}T23:59:59.999+09:00`).getTime();
    expect(new Date(first.data.expiresAt).getTime()).toBe(endOfDay);
    expect(first.data.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const again = await a.client.rpc('create_today_session', { course_id: tokyo.id, topic: 'Limits' });
    expect(again.data).toMatchObject({ sessionId: first.data.sessionId, accessToken: first.data.accessToken, topic: 'Limits' });

    const active = await a.client.rpc('active_session', { course_id: tokyo.id });
    expect(active.data).toMatchObject({ sessionDate: today, accessToken: first.data.accessToken });

    const stranger = await b.client.rpc('create_today_session', { course_id: tokyo.id });
    expect([stranger.status, stranger.error?.message]).toEqual([404, 'Course not found']);
    const peek = await b.client.rpc('active_session', { course_id: tokyo.id });
    expect(peek.data).toBeNull();
  });

  it('resolves only active, unexpired class tokens', async () => {
    const course = await createCourse(await createAuthUser());
    const today = await createSession(course.id);
    const yesterday = await createSession(course.id, { daysFromToday: -1 });
    const inactive = await createSession(course.id, { daysFromToday: -2, active: false });
    const anon = anonClient();
    expect((await anon.rpc('resolve_class_token', { token: today.access_token })).data).toEqual({
      sessionId: today.id,
      courseId: course.id,
    });
    expect((await anon.rpc('resolve_class_token', { token: yesterday.access_token })).data).toBeNull();
    expect((await anon.rpc('resolve_class_token', { token: inactive.access_token })).data).toBeNull();
    expect((await anon.rpc('resolve_class_token', { token: 'no-such-token-no-such-token' })).data).toBeNull();
    const detail = await anon.rpc('get_class_session', { session_id: yesterday.id });
    expect(detail.data.sessionDate).toBe(yesterday.session_date);
  });
});

describe('public course pages', () => {
  it('search_courses matches the code exactly, ignoring case and spaces', async () => {
    const anon = anonClient();
    for (const code of ['COSC 1337', 'cosc1337', '  Cosc  1337 ']) {
      const { data } = await anon.rpc('search_courses', { code });
      expect(data).toEqual([
        expect.objectContaining({ code: 'COSC 1337', section: null }),
        expect.objectContaining({ code: 'COSC 1337', section: '002' }),
      ]);
    }
    expect((await anon.rpc('search_courses', { code: 'COSC 133' })).data).toEqual([]);
  });

  it('course_timeline lists newest first with Variant B difficulty derived and totals', async () => {
    const course = await createCourse(await createAuthUser());
    const session = await createSession(course.id, { topic: 'Pointers' });
    await db().query(
      `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
       values ($1, $2, 'quick', $3, 'Arrays', 'Zero-based indexing is odd.', 'slightly', now() - interval '8 days')`,
      [course.id, session.id, randomHash()],
    );
    for (const [clarity, ago] of [
      [2, '2 hours'],
      [7, '1 hour'],
    ] as const) {
      await db().query(
        `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
           unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level, created_at)
         values ($1, $2, 'session', $3, 'Pointers', 'm', $4, 'w', 'just_right', 'slightly_hard', $5, 50, now() - $6::interval)`,
        [course.id, session.id, randomHash(), `Clarity ${clarity}`, clarity, ago],
      );
    }
    const { data } = await anonClient().rpc('course_timeline', { course_id: course.id });
    expect(data.total).toBe(3);
    expect(data.thisWeek).toBe(2);
    expect(data.items.map((i: Record<string, unknown>) => [i.topic, i.confusion, i.difficultyLevel])).toEqual([
      ['Pointers', 'Clarity 7', null],
      ['Pointers', 'Clarity 2', 'completely'],
      ['Arrays', 'Zero-based indexing is odd.', 'slightly'],
    ]);
  });
});

describe('session insights', () => {
  it('summarises a session: means, distributions and the most used words', async () => {
    await inRolledBackTransaction(async (tx) => {
      const p = await professorWithCourse(tx);
      const texts = ['Recursion depth confused me', 'The recursive calls and the stack', 'Why recursion needs a base case'];
      for (const [i, text] of texts.entries()) {
        await tx.arrange(
          `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, mind_after_session,
             unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level)
           values ($1, $2, 'session', $3, 'Session feedback', 'm', $4, 'w', $5, 'slightly_hard', $6, $7)`,
          [p.courseId, p.sessionId, randomHash(), text, i === 0 ? 'too_fast' : 'just_right', i + 2, 40 + i * 10],
        );
      }
      const [{ session_insights: insights }] = await tx.as(p.userId, 'select public.session_insights($1, 7)', [p.courseId]);
      expect(insights).toHaveLength(1);
      expect(insights[0]).toMatchObject({
        sessionId: p.sessionId,
        count: 3,
        meanClarity: 3,
        meanConfidence: 50,
        pace: { too_fast: 1, just_right: 2, too_slow: 0, slightly_slow: 0, slightly_fast: 0 },
        challenge: { slightly_hard: 3 },
        difficulty: { completely: 1, very: 2, slightly: 0 },
      });
      expect(insights[0].topTerms[0]).toEqual({ term: 'recursion', count: 3 });
    });
  });
});

describe('user stories', () => {
  it('lists by ICE score, then votes, then age, leaving merged stories out', async () => {
    const older = await createStory({ impact: 8, confidence: 6, ease: 6 }); // 20
    const moreVotes = await createStory({ impact: 6, confidence: 7, ease: 7 }); // 20
    const top = await createStory({ impact: 9, confidence: 9, ease: 9 }); // 27
    const newer = await createStory({ impact: 5, confidence: 5, ease: 10 }); // 20
    await db().query(`update public.user_stories set created_at = now() - interval '1 day' where id = $1`, [older]);
    for (const voter of [await createVoter(), await createVoter()]) await vote(moreVotes, voter);
    const merged = await createStory({ impact: 10, confidence: 10, ease: 10 });
    await db().query('update public.user_stories set merged_into_id = $1 where id = $2', [top, merged]);

    const { data } = await anonClient().rpc('list_user_stories', { session_token: null });
    const ours = (data as { id: string }[]).map((s) => s.id).filter((id) => [older, moreVotes, top, newer, merged].includes(id));
    expect(ours).toEqual([top, moreVotes, older, newer]);
  });

  it('reports hasUpvoted for the caller’s token only', async () => {
    const story = await createStory();
    const token = `raw-token-${randomHash()}`;
    const hash = (await db().query(`select encode(extensions.digest($1, 'sha256'), 'hex') h`, [token])).rows[0].h;
    await db().query('insert into public.anonymous_sessions (anonymous_token_hash) values ($1)', [hash]);
    await vote(story, hash);
    const mine = await anonClient().rpc('list_user_stories', { session_token: token });
    expect(mine.data.find((s: { id: string }) => s.id === story)).toMatchObject({ upvoteCount: 1, hasUpvoted: true });
    const theirs = await anonClient().rpc('list_user_stories', { session_token: 'someone-else' });
    expect(theirs.data.find((s: { id: string }) => s.id === story)).toMatchObject({ upvoteCount: 1, hasUpvoted: false });
  });

  it('merges with overlapping voters leaving one vote per voter; only owners may merge', async () => {
    const keep = await createStory();
    const merge = await createStory();
    const [v1, v2, v3] = [await createVoter(), await createVoter(), await createVoter()];
    await vote(keep, v1);
    await vote(keep, v2);
    await vote(merge, v2);
    await vote(merge, v3);

    const professor = await signInWithEmailCode();
    const refused = await professor.client.rpc('merge_user_stories', { keep_id: keep, merge_id: merge });
    expect(refused.error?.code).toBe('42501');

    const owner = await signInWithAdminLink('professor@example.edu');
    const merged = await owner.client.rpc('merge_user_stories', { keep_id: keep, merge_id: merge });
    expect(merged.error).toBeNull();
    expect(merged.data).toMatchObject({ id: keep, upvoteCount: 3 });

    const votes = await db().query(
      'select user_story_id, session_token_hash from public.user_story_upvotes where user_story_id = any($1) order by 2',
      [[keep, merge]],
    );
    expect(votes.rows).toEqual([v1, v2, v3].sort().map((h) => ({ user_story_id: keep, session_token_hash: h })));
    const row = await db().query('select merged_into_id from public.user_stories where id = $1', [merge]);
    expect(row.rows[0].merged_into_id).toBe(keep);

    const again = await serviceClient().rpc('merge_user_stories', { keep_id: keep, merge_id: merge });
    expect(again.error?.message).toBe('Both stories must exist and not be merged already');
  });

  it('similar_user_stories finds stories whose title resembles what is typed', async () => {
    const id = await createStory({ title: 'As a professor, I want to export attendance to a spreadsheet' });
    const { data } = await anonClient().rpc('similar_user_stories', { want: 'export attendance' });
    expect(data.map((s: { id: string }) => s.id)).toContain(id);
    expect(data.length).toBeLessThanOrEqual(5);
  });
});
