// Instructors and TAs launching from the LMS (part 2 of the LTI tool): an instructor's first launch
// from an LMS course that is not linked signs them in (making their account when the platform is
// trusted for their e-mail's domain) and lands on the link page, whose request only their account
// can spend; a TA joins the team only when the course's owner allowed it; a launch without an
// e-mail or outside the trusted domains signs nobody in.
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, stack, tokenClient } from '../../../testing/vitest.ts';
import { createAuthUser, createCourse } from '../fixtures.ts';
import { lmsInstructor, lmsUser, Platform, postLaunch, ROLE, type LmsUser } from './platform.ts';
import { findStored } from './stored.ts';

const canvas = new Platform('canvas');
const moodle = new Platform('moodle');

beforeAll(async () => {
  await Promise.all([canvas.start(), moodle.start()]);
});

afterAll(async () => {
  await Promise.all([canvas.stop(), moodle.stop()]);
});

const newContext = () => `ctx-${randomBytes(5).toString('hex')}`;

async function launch(
  platform: Platform,
  o: { user: LmsUser; contextId: string; roles: string[]; context?: { label?: string; title?: string } },
) {
  const { idToken, state } = await platform.signedLaunch(o);
  return postLaunch({ id_token: idToken, state });
}

/** Follows Supabase Auth's one-time link as the browser does: the page it lands on and the session in its fragment. */
async function followSignIn(response: Response): Promise<{ next: string; accessToken: string; userId: string }> {
  expect(response.status, await response.clone().text()).toBe(303);
  const verify = response.headers.get('location')!;
  expect(verify.startsWith(`${stack().apiUrl}/auth/v1/verify?`)).toBe(true);
  const answer = await fetch(verify, { redirect: 'manual' });
  expect(answer.status).toBe(303);
  const landing = new URL(answer.headers.get('location')!);
  expect(landing.pathname).toBe('/api/login');
  const accessToken = new URLSearchParams(landing.hash.slice(1)).get('access_token')!;
  return { next: landing.searchParams.get('next')!, accessToken, userId: String(decodeJwt(accessToken).sub) };
}

const asUser = tokenClient;

async function linkedCourse(platform: Platform, contextId: string): Promise<string | undefined> {
  const { rows } = await db().query<{ course_id: string }>(
    `select course_id from private.lti_context_links where platform_id = $1 and context_id = $2`,
    [platform.id, contextId],
  );
  return rows[0]?.course_id;
}

const linkRequestCount = async () =>
  (await db().query<{ n: number }>(`select count(*)::int as n from private.lti_link_requests`)).rows[0]!.n;

describe('an instructor’s first launch from an LMS course that is not linked', () => {
  it.each([canvas, moodle])('$flavour: makes the account, signs it in, and the link page links a course of theirs', async (platform) => {
    const teacher = lmsInstructor();
    const contextId = newContext();
    const { next, accessToken, userId } = await followSignIn(
      await launch(platform, { user: teacher, contextId, roles: [ROLE.instructor], context: { label: 'MATH 2414', title: 'Calculus II' } }),
    );
    const { rows: accounts } = await db().query(`select id from auth.users where email = $1`, [teacher.email]);
    expect(accounts).toEqual([{ id: userId }]);
    const nextUrl = new URL(next, 'https://site.example');
    expect(nextUrl.pathname).toBe('/professor/lti/link');
    const token = nextUrl.searchParams.get('request')!;

    const professor = asUser(accessToken);
    const request = await professor.rpc('lti_link_request', { p_token: token });
    expect(request.error).toBeNull();
    expect(request.data).toEqual([{ context_label: 'MATH 2414', context_title: 'Calculus II', platform_name: `Test ${platform.flavour}` }]);

    const course = await createCourse(userId);
    const linked = await professor.rpc('link_lti_context', { p_token: token, p_course_id: course.id });
    expect(linked.error).toBeNull();
    expect(linked.data).toBe(course.id);
    expect(await linkedCourse(platform, contextId)).toBe(course.id);

    // Spent: the page says so, and a second link is refused.
    expect((await professor.rpc('lti_link_request', { p_token: token })).data).toEqual([]);
    const again = await professor.rpc('link_lti_context', { p_token: token, p_course_id: course.id });
    expect(again.status).toBe(404);
    expect(again.error?.message).toMatch(/^This link request has expired or was already used/);

    // From now on a learner's launch from that LMS course reaches the course's form, and the
    // instructor's next launch opens its live view.
    const learner = await launch(platform, { user: lmsUser(), contextId, roles: [ROLE.learner] });
    expect(learner.status).toBe(303);
    expect(new URL(learner.headers.get('location')!).searchParams.get('courseId')).toBe(course.id);
    const returning = await followSignIn(await launch(platform, { user: teacher, contextId, roles: [ROLE.instructor] }));
    expect(returning).toMatchObject({ next: `/professor/live/${course.id}`, userId });
  });

  it('an existing account is signed in (not made again), and the request is its own: another account cannot read or spend it', async () => {
    const teacher = lmsInstructor();
    const ownerId = await createAuthUser(teacher.email);
    const contextId = newContext();
    const { next, userId } = await followSignIn(await launch(canvas, { user: teacher, contextId, roles: [ROLE.instructor] }));
    expect(userId).toBe(ownerId);
    const token = new URL(next, 'https://site.example').searchParams.get('request')!;

    const other = await followSignIn(await launch(canvas, { user: lmsInstructor(), contextId: newContext(), roles: [ROLE.instructor] }));
    const stranger = asUser(other.accessToken);
    const strangersCourse = await createCourse(other.userId);
    expect((await stranger.rpc('lti_link_request', { p_token: token })).data).toEqual([]);
    const refused = await stranger.rpc('link_lti_context', { p_token: token, p_course_id: strangersCourse.id });
    expect(refused.status).toBe(404);
    expect(await linkedCourse(canvas, contextId)).toBeUndefined();
  });

  it('a course the instructor cannot edit is refused and the request stays; an LMS course linked meanwhile is refused', async () => {
    const teacher = lmsInstructor();
    const contextId = newContext();
    const first = await followSignIn(await launch(moodle, { user: teacher, contextId, roles: [ROLE.instructor] }));
    const firstToken = new URL(first.next, 'https://site.example').searchParams.get('request')!;
    const second = await followSignIn(await launch(moodle, { user: teacher, contextId, roles: [ROLE.instructor] }));
    const secondToken = new URL(second.next, 'https://site.example').searchParams.get('request')!;
    const professor = asUser(second.accessToken);

    const someoneElses = await createCourse(await createAuthUser());
    const notTheirs = await professor.rpc('link_lti_context', { p_token: firstToken, p_course_id: someoneElses.id });
    expect([notTheirs.status, notTheirs.error?.message]).toEqual([404, 'Course not found']);
    expect((await professor.rpc('lti_link_request', { p_token: firstToken })).data).toHaveLength(1);

    const own = await createCourse(first.userId);
    expect((await professor.rpc('link_lti_context', { p_token: firstToken, p_course_id: own.id })).error).toBeNull();
    const late = await professor.rpc('link_lti_context', { p_token: secondToken, p_course_id: own.id });
    expect([late.status, late.error?.message]).toEqual([
      409,
      'This course of your learning platform is already linked to a ClassPulse course.',
    ]);
    expect(await linkedCourse(moodle, contextId)).toBe(own.id);
  });

  it('an expired request can no longer be read or spent', async () => {
    const { next, accessToken, userId } = await followSignIn(
      await launch(canvas, { user: lmsInstructor(), contextId: newContext(), roles: [ROLE.instructor] }),
    );
    const token = new URL(next, 'https://site.example').searchParams.get('request')!;
    await db().query(`update private.lti_link_requests set expires_at = now() - interval '1 second' where user_id = $1`, [userId]);
    const professor = asUser(accessToken);
    expect((await professor.rpc('lti_link_request', { p_token: token })).data).toEqual([]);
    const course = await createCourse(userId);
    expect((await professor.rpc('link_lti_context', { p_token: token, p_course_id: course.id })).status).toBe(404);
  });

  it('an e-mail outside the platform’s trusted domains signs nobody in, makes no account and keeps no request', async () => {
    const outsider = { ...lmsUser(), email: `prof.${randomBytes(4).toString('hex')}@elsewhere.example.org` };
    const before = await linkRequestCount();
    const response = await launch(canvas, { user: outsider, contextId: newContext(), roles: [ROLE.instructor] });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('ClassPulse could not sign you in');
    expect(body).toContain('e-mail domains');
    expect((await db().query(`select 1 from auth.users where email = $1`, [outsider.email])).rowCount).toBe(0);
    expect(await linkRequestCount()).toBe(before);
  });

  it('a launch without an e-mail says what to change in Canvas and Moodle', async () => {
    const response = await launch(moodle, {
      user: { ...lmsInstructor(), email: undefined as unknown as string },
      contextId: newContext(),
      roles: [ROLE.instructor],
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('Your learning platform did not share your e-mail');
    expect(body).toContain('Privacy Level');
    expect(body).toContain('Share launcher’s email with tool');
  });

  it('a learner from an unlinked LMS course is still refused, and nothing of them is kept', async () => {
    const before = await linkRequestCount();
    const response = await launch(canvas, { user: lmsUser(), contextId: newContext(), roles: [ROLE.learner] });
    expect(response.status).toBe(404);
    expect(await linkRequestCount()).toBe(before);
  });
});

describe('a TA’s launch into a linked course', () => {
  async function linkedSetup(joinTeam: boolean) {
    const ownerId = await createAuthUser();
    const course = await createCourse(ownerId);
    await db().query(`update public.courses set lms_roles_join_team = $2 where id = $1`, [course.id, joinTeam]);
    const contextId = newContext();
    await canvas.linkContext(contextId, course.id);
    return { course, contextId };
  }

  const teamOf = async (courseId: string) =>
    (await db().query<{ email: string; role: string }>(`select email, role from public.course_members where course_id = $1`, [courseId]))
      .rows;

  it('joins the team as a TA, signed in to the live view, when the owner allowed LMS roles', async () => {
    const { course, contextId } = await linkedSetup(true);
    const ta = lmsInstructor();
    const signedIn = await followSignIn(await launch(canvas, { user: ta, contextId, roles: [ROLE.teachingAssistant] }));
    expect(signedIn.next).toBe(`/professor/live/${course.id}`);
    expect(await teamOf(course.id)).toEqual([{ email: ta.email, role: 'ta' }]);
    // The team's own reads now include the course.
    const courses = await asUser(signedIn.accessToken).rpc('my_courses');
    expect((courses.data as { id: string; role: string }[]).map((c) => [c.id, c.role])).toEqual([[course.id, 'ta']]);
  });

  it('does not join, and is not signed in, when the owner did not allow it; an instructor role never joins', async () => {
    const closed = await linkedSetup(false);
    const ta = lmsInstructor();
    const response = await launch(canvas, { user: ta, contextId: closed.contextId, roles: [ROLE.teachingAssistant] });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(`ClassPulse for ${closed.course.code}`);
    expect(body).toContain('ask the course’s owner to invite you');
    expect(await teamOf(closed.course.id)).toEqual([]);

    const open = await linkedSetup(true);
    const instructor = await launch(canvas, { user: lmsInstructor(), contextId: open.contextId, roles: [ROLE.instructor] });
    expect(instructor.status).toBe(200);
    expect(await teamOf(open.course.id)).toEqual([]);
  });

  it('a TA outside the platform’s trusted domains does not join', async () => {
    const { course, contextId } = await linkedSetup(true);
    const response = await launch(canvas, { user: lmsUser(), contextId, roles: [ROLE.teachingAssistant] });
    expect(response.status).toBe(200);
    expect(await teamOf(course.id)).toEqual([]);
  });
});

describe('what an instructor’s launch keeps', () => {
  it('their ClassPulse account’s e-mail, and nothing else the LMS said about them (id, names, picture, SIS id)', async () => {
    const teacher = lmsInstructor();
    const contextId = newContext();
    const { next, accessToken, userId } = await followSignIn(await launch(moodle, { user: teacher, contextId, roles: [ROLE.instructor] }));
    const token = new URL(next, 'https://site.example').searchParams.get('request')!;
    const course = await createCourse(userId);
    expect((await asUser(accessToken).rpc('link_lti_context', { p_token: token, p_course_id: course.id })).error).toBeNull();
    expect(await findStored([teacher.sub, teacher.name, teacher.givenName, teacher.familyName])).toEqual([]);
  });
});
