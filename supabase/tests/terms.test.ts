// Sections and terms (docs/decisions/sections-and-terms.md): a course is unique by code + section +
// term; course search lists every current course of a code with its section, term and the names
// its instructors chose to show; "End Term" takes a course out of search, expires its links and
// stops its feedback while the team keeps reading; "Start Next Term" makes the next term's course
// with the same settings and team, in one step.
import { describe, expect, it } from 'vitest';
import { RUN_TIME_ZONE } from '../../testing/timeZone.ts';
import { anonClient, db, signInWithEmailCode, uniqueCourseCode, type SignedIn } from '../../testing/vitest.ts';
import { addTeamMember, createAuthUser, createSession } from './fixtures.ts';
import { invoke, quick, student } from './functions/helpers.ts';

const outcome = async (sql: string, params: unknown[]) => {
  try {
    await db().query(sql, params);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? 'error';
  }
};

async function courseOf(ownerId: string, code: string, section: string | null, term = 'Fall 2026') {
  const { rows } = await db().query<{ id: string }>(
    `insert into public.courses (owner_id, name, code, section, term, timezone) values ($1, 'Introduction to Programming', $2, $3, $4, $5) returning id`,
    [ownerId, code, section, term, RUN_TIME_ZONE],
  );
  return rows[0]!.id;
}

const setName = (userId: string, name: string | null) =>
  db().query('update public.profiles set display_name = $2 where id = $1', [userId, name]);

describe('sections and terms', () => {
  it('a course is unique by code, section and term, each compared as codes are', async () => {
    const owner = await createAuthUser();
    const code = uniqueCourseCode('T');
    await courseOf(owner, code, '001');
    const insert = (section: string | null, term: string, spelled = code) =>
      outcome(`insert into public.courses (owner_id, name, code, section, term) values ($1, 'Name', $2, $3, $4)`, [
        owner,
        spelled,
        section,
        term,
      ]);
    expect(await insert('001', 'Fall 2026')).toBe('23505');
    expect(await insert(' 001 ', 'fall  2026', code.toLowerCase())).toBe('23505');
    expect(await insert('002', 'Fall 2026')).toBe('ok');
    expect(await insert('001', 'Spring 2027')).toBe('ok');
    expect(await insert(null, 'Fall 2026')).toBe('ok');
    expect(await insert('', 'Fall 2026')).toBe('23505');
    expect(await insert('003', '')).toBe('23514');
    expect(await insert('x'.repeat(17), 'Fall 2026')).toBe('23514');
    const { rows } = await db().query('select section, term from public.courses where code = $1 and section is null', [code]);
    expect(rows).toEqual([{ section: null, term: 'Fall 2026' }]);
  });

  it('a new course gets the current term; term_for names the term of a date', async () => {
    const { rows } = await db().query<{ a: string; b: string; c: string }>(
      `select public.term_for('2026-03-02') as a, public.term_for('2026-06-15') as b, public.term_for('2026-11-27') as c`,
    );
    expect(rows[0]).toEqual({ a: 'Spring 2026', b: 'Summer 2026', c: 'Fall 2026' });
    const owner = await createAuthUser();
    const { rows: made } = await db().query<{ term: string; expected: string }>(
      `insert into public.courses (owner_id, name, code) values ($1, 'Name', $2) returning term, public.term_for(current_date) as expected`,
      [owner, uniqueCourseCode('T')],
    );
    expect(made[0]!.term).toBe(made[0]!.expected);
  });

  it('course search lists every current section with its term and the names students may see, never an address', async () => {
    const code = uniqueCourseCode('T');
    const lee = await createAuthUser();
    const kim = await createAuthUser();
    const ta = await createAuthUser();
    const first = await courseOf(lee, code, '001');
    const second = await courseOf(kim, code, '002');
    await setName(lee, 'Dr. Pat Lee');
    await setName(kim, null);
    await setName(ta, 'A. Teaching Assistant');
    const coInstructor = await createAuthUser();
    await setName(coInstructor, 'Prof. Sam Roe');
    await addTeamMember(first, coInstructor, 'co_instructor');
    await addTeamMember(first, ta, 'ta');

    const { data, error } = await anonClient().rpc('search_courses', { code: code.toLowerCase() });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: first,
        code,
        name: 'Introduction to Programming',
        section: '001',
        term: 'Fall 2026',
        instructors: ['Dr. Pat Lee', 'Prof. Sam Roe'],
      },
      { id: second, code, name: 'Introduction to Programming', section: '002', term: 'Fall 2026', instructors: [] },
    ]);
    expect(JSON.stringify(data)).not.toContain('@');
  });

  it('the profile name is 1 to 80 characters, trimmed, and only its owner changes it', async () => {
    const professor = await signInWithEmailCode();
    const other = await signInWithEmailCode();
    const write = (client: SignedIn, id: string, name: string | null) =>
      client.client.from('profiles').update({ display_name: name }).eq('id', id).select('display_name');
    expect((await write(professor, professor.userId, 'Dr. Pat Lee')).data).toEqual([{ display_name: 'Dr. Pat Lee' }]);
    expect((await write(professor, professor.userId, 'x'.repeat(81))).error?.code).toBe('23514');
    expect((await write(professor, professor.userId, ' Dr. Lee ')).error?.code).toBe('23514');
    expect((await write(other, professor.userId, 'Someone else')).data).toEqual([]);
    expect((await write(professor, professor.userId, null)).data).toEqual([{ display_name: null }]);
  });
});

describe('End Term and Start Next Term', () => {
  async function runningCourse() {
    const owner = await signInWithEmailCode();
    const code = uniqueCourseCode('T');
    const { data, error } = await owner.client
      .from('courses')
      .insert({
        name: 'Introduction to Programming',
        code,
        section: '002',
        term: 'Fall 2026',
        review_before_publishing: true,
        min_public_responses: 7,
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    return { owner, code, courseId: (data as { id: string }).id };
  }

  it('only the owner and co-instructors end a term; a TA or a stranger gets 404 and nothing changes', async () => {
    const { courseId } = await runningCourse();
    const ta = await signInWithEmailCode();
    const stranger = await signInWithEmailCode();
    await addTeamMember(courseId, ta.userId, 'ta');
    for (const who of [ta, stranger]) {
      const { error, status } = await who.client.rpc('end_term', { course_id: courseId });
      expect({ status, message: error?.message }).toEqual({ status: 404, message: 'Course not found' });
    }
    expect((await anonClient().rpc('end_term', { course_id: courseId })).error?.code).toBe('42501');
    const { rows } = await db().query('select ended_at from public.courses where id = $1', [courseId]);
    expect(rows[0].ended_at).toBeNull();
  });

  it('an ended course leaves search, its link expires, it takes no feedback and no new link, and its team still reads it', async () => {
    const { owner, code, courseId } = await runningCourse();
    const session = await createSession(courseId);
    const before = await invoke('submissions', { body: quick(courseId, session.id), headers: student() });
    expect(before.status).toBe(201);

    const ended = await owner.client.rpc('end_term', { course_id: courseId });
    expect(ended.error).toBeNull();
    expect(ended.data).toEqual({ id: courseId, endedAt: expect.any(String) });

    expect((await anonClient().rpc('search_courses', { code })).data).toEqual([]);
    expect((await anonClient().rpc('resolve_class_token', { token: session.access_token })).data).toBeNull();
    const after = await invoke('submissions', { body: quick(courseId, session.id), headers: student() });
    expect(after.status).toBe(403);
    expect(after.data.error).toBe('Session not found or expired. Please ask your professor for a new link.');
    const dated = await invoke('submissions', { body: quick(courseId, session.session_date), headers: student() });
    expect(dated.status).toBe(403);
    const link = await owner.client.rpc('create_today_session', { course_id: courseId });
    expect({ status: link.status, message: link.error?.message }).toEqual({
      status: 409,
      message: "This course's term has ended. Start Next Term to get a class link.",
    });

    const mine = await owner.client.rpc('my_courses');
    expect((mine.data as { id: string; ended_at: string | null }[]).find((course) => course.id === courseId)?.ended_at).toEqual(
      expect.any(String),
    );
    const feedback = await owner.client.from('submissions').select('id').eq('course_id', courseId);
    expect(feedback.data).toHaveLength(1);
    const { rows } = await db().query('select count(*)::int as n from public.submissions where course_id = $1', [courseId]);
    expect(rows[0].n).toBe(1);
  });

  it("Start Next Term makes the next term's course with the same code, section, settings and team; the old one stays", async () => {
    const { owner, code, courseId } = await runningCourse();
    const co = await signInWithEmailCode();
    const ta = await createAuthUser();
    await addTeamMember(courseId, co.userId, 'co_instructor');
    await addTeamMember(courseId, ta, 'ta');
    await db().query(`insert into public.course_invitations (course_id, email, role) values ($1, 'later@example.edu', 'ta')`, [courseId]);
    await owner.client.rpc('end_term', { course_id: courseId });

    const started = await co.client.rpc('start_next_term', { course_id: courseId, term: '  Spring   2027 ' });
    expect(started.error).toBeNull();
    const next = started.data as { id: string };
    expect(started.data).toEqual({
      id: expect.any(String),
      code,
      name: 'Introduction to Programming',
      section: '002',
      term: 'Spring 2027',
    });

    const { rows } = await db().query(
      `select c.owner_id, c.ended_at, c.review_before_publishing, c.min_public_responses, c.timezone,
              (select array_agg(m.role order by m.role) from public.course_members m where m.course_id = c.id) as roles,
              (select array_agg(i.email) from public.course_invitations i where i.course_id = c.id) as invited
       from public.courses c where c.id = $1`,
      [next.id],
    );
    expect(rows[0]).toEqual({
      owner_id: owner.userId,
      ended_at: null,
      review_before_publishing: true,
      min_public_responses: 7,
      timezone: 'UTC',
      roles: ['co_instructor', 'ta'],
      invited: ['later@example.edu'],
    });
    expect((await anonClient().rpc('search_courses', { code })).data).toEqual([
      expect.objectContaining({ id: next.id, term: 'Spring 2027' }),
    ]);
    const old = await db().query('select ended_at from public.courses where id = $1', [courseId]);
    expect(old.rows[0].ended_at).not.toBeNull();

    const again = await owner.client.rpc('start_next_term', { course_id: courseId, term: 'spring 2027' });
    expect({ status: again.status, code: again.error?.code }).toEqual({ status: 409, code: '23505' });
    const blank = await owner.client.rpc('start_next_term', { course_id: courseId, term: '   ' });
    expect({ status: blank.status, message: blank.error?.message }).toEqual({
      status: 400,
      message: 'Term is required (at most 40 characters)',
    });
    const { rows: count } = await db().query('select count(*)::int as n from public.courses where code = $1', [code]);
    expect(count[0].n).toBe(2);
  });
});
