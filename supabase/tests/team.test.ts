// Teaching teams through the team edge function and the database: the owner invites by e-mail
// (invite_to_course() as the caller, then Auth's mailer), refusals write nothing, signing in
// accepts, a removed member loses access at once, and a TA's direct writes are refused by RLS.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  anonClient,
  db,
  latestEmail,
  signInWithEmailCode,
  sixDigitCode,
  stack,
  uniqueCourseCode,
  uniqueEmail,
  type SignedIn,
} from '../../testing/vitest.ts';
import { magicLink } from '../../stack/clients.ts';
import { RUN_TIME_ZONE } from '../../testing/timeZone.ts';
import { createCourse, createSession } from './fixtures.ts';
import { invoke } from './functions/helpers.ts';

let owner: SignedIn;

beforeAll(async () => {
  owner = await signInWithEmailCode();
});

const invite = (client: SupabaseClient, body: Record<string, unknown>) => invoke('team', { client, body });

async function teamRows(courseId: string) {
  const invitations = await db().query<{ email: string; role: string }>(
    'select email, role from public.course_invitations where course_id = $1 order by email',
    [courseId],
  );
  const members = await db().query<{ user_id: string; email: string; role: string }>(
    'select user_id, email, role from public.course_members where course_id = $1 order by email',
    [courseId],
  );
  return { invitations: invitations.rows, members: members.rows };
}

async function authUser(email: string) {
  const { rows } = await db().query<{
    id: string;
    email_confirmed_at: Date | null;
    invited_at: Date | null;
    raw_user_meta_data: Record<string, unknown>;
  }>('select id, email_confirmed_at, invited_at, raw_user_meta_data from auth.users where email = $1', [email]);
  return rows[0];
}

/** Whether the inbox holds any e-mail to `email`. */
async function hasMail(email: string): Promise<boolean> {
  const res = await fetch(`${stack().inboxUrl}/api/v1/latest?to=${encodeURIComponent(email)}`);
  return res.ok;
}

/** Auth sends one sign-in e-mail per address per second: waits until the last one is that old. */
async function untilSignInMailAllowed(email: string) {
  await vi.waitFor(
    async () => {
      const { rows } = await db().query<{ ok: boolean }>(
        `select coalesce(recovery_sent_at < now() - interval '1.2 seconds', true) as ok from auth.users where email = $1`,
        [email],
      );
      if (!rows[0]?.ok) throw new Error(`sign-in e-mails to ${email} stay throttled`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

async function ownersCourse(name = 'Team Course') {
  return createCourse(owner.userId, { name });
}

/** Makes `userId` a member of `courseId` directly (for tests about what members may do). */
async function addMember(courseId: string, member: SignedIn, role: 'co_instructor' | 'ta') {
  await db().query('insert into public.course_members (course_id, user_id, role, email) values ($1, $2, $3, $4)', [
    courseId,
    member.userId,
    role,
    member.email,
  ]);
}

async function myCourseRoles(client: SupabaseClient): Promise<Record<string, string>> {
  const { data, error } = await client.rpc('my_courses');
  expect(error).toBeNull();
  return Object.fromEntries((data as { id: string; role: string }[]).map((c) => [c.id, c.role]));
}

describe('inviting someone without an account', () => {
  it('writes the invitation, creates the unconfirmed account and e-mails the course, a code and a link', async () => {
    const course = await ownersCourse();
    const email = uniqueEmail('ta');
    const reply = await invite(owner.client, { courseId: course.id, email: `  ${email.toUpperCase()} `, role: 'ta' });
    expect(reply.status).toBe(201);
    expect(reply.data).toEqual({
      id: expect.any(String),
      courseId: course.id,
      email,
      role: 'ta',
      createdAt: expect.any(String),
      accountExists: false,
    });
    expect((await teamRows(course.id)).invitations).toEqual([{ email, role: 'ta' }]);
    const user = await authUser(email);
    expect(user.email_confirmed_at).toBeNull();
    expect(user.invited_at).not.toBeNull();
    const mail = await latestEmail(email);
    expect(mail.Subject).toContain(course.code);
    expect(mail.Text).toContain(`teaching team of ${course.code} (Team Course)`);
    expect(sixDigitCode(mail)).toMatch(/^\d{6}$/);
    expect(magicLink(mail)).toContain('type=invite');
  });

  it('the code from the invitation signs the invitee in (as /login does) and makes them a TA', async () => {
    const course = await ownersCourse();
    const email = uniqueEmail('ta');
    expect((await invite(owner.client, { courseId: course.id, email, role: 'ta' })).status).toBe(201);
    const code = sixDigitCode(await latestEmail(email));
    const ta = signedOutClient();
    const { data, error } = await ta.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const rows = await teamRows(course.id);
    expect(rows.invitations).toEqual([]);
    expect(rows.members).toEqual([{ user_id: data.user!.id, email, role: 'ta' }]);
    expect((await myCourseRoles(ta))[course.id]).toBe('ta');
  });

  it('the link from the invitation (verify type "invite") signs the invitee in and accepts', async () => {
    const course = await ownersCourse();
    const email = uniqueEmail('coi');
    // The link returns to the calling page's sign-in screen (Auth checks it against its allow-list).
    const sent = await invoke('team', {
      client: owner.client,
      body: { courseId: course.id, email, role: 'co_instructor' },
      headers: { origin: 'http://localhost:5173' },
    });
    expect(sent.status).toBe(201);
    const res = await fetch(magicLink(await latestEmail(email)), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/api/login');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('access_token')).toBeTruthy();
    const { members, invitations } = await teamRows(course.id);
    expect(invitations).toEqual([]);
    expect(members).toEqual([{ user_id: (await authUser(email)).id, email, role: 'co_instructor' }]);
  });

  it('the ordinary sign-in on /login (a new code) also works for an invited account and accepts', async () => {
    const course = await ownersCourse();
    const email = uniqueEmail('ta');
    expect((await invite(owner.client, { courseId: course.id, email, role: 'ta' })).status).toBe(201);
    const ta = await signInWithEmailCode(email);
    expect((await myCourseRoles(ta.client))[course.id]).toBe('ta');
    expect((await teamRows(course.id)).members.map((m) => m.email)).toEqual([email]);
  });
});

describe('e-mails in the user’s language', () => {
  it('an invitation sent from the app in Spanish is in Spanish, and the new account keeps Spanish', async () => {
    const course = await ownersCourse('Curso del equipo');
    const email = uniqueEmail('asistente');
    const reply = await invite(owner.client, { courseId: course.id, email, role: 'ta', language: 'es' });
    expect(reply.status).toBe(201);
    const mail = await latestEmail(email);
    expect(mail.Subject).toBe(`Te invitaron a ${course.code} (Curso del equipo)`);
    expect(mail.Text).toContain(`Te invitaron a unirte al equipo docente de ${course.code} (Curso del equipo) en ClassPulse.`);
    expect(mail.Text).toContain(`Tu código para iniciar sesión es ${sixDigitCode(mail)}`);
    expect((await authUser(email)).raw_user_meta_data).toMatchObject({ language: 'es' });

    // Their next sign-in e-mail (the ordinary one from /login) follows the account's language.
    await untilSignInMailAllowed(email);
    const since = new Date();
    const { error } = await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error).toBeNull();
    expect((await latestEmail(email, since)).Subject).toBe('Tu enlace para iniciar sesión');
  });

  it('a sign-in e-mail follows the language the account last used; English when it has none', async () => {
    const email = uniqueEmail('idioma');
    const first = await anonClient().auth.signInWithOtp({ email, options: { data: { language: 'es' } } });
    expect(first.error).toBeNull();
    const mail = await latestEmail(email);
    expect(mail.Subject).toBe('Tu enlace para iniciar sesión');
    expect(mail.Text).toContain('El código y el enlace funcionan una sola vez y vencen en');
    const professor = anonClient();
    const { error } = await professor.auth.verifyOtp({ email, token: sixDigitCode(mail), type: 'email' });
    expect(error).toBeNull();
    // The app records a switch to English in the account (shared/api/remember-language.ts).
    expect((await professor.auth.updateUser({ data: { language: 'en' } })).error).toBeNull();
    await untilSignInMailAllowed(email);
    const since = new Date();
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    expect((await latestEmail(email, since)).Subject).toBe('Your Magic Link');
  });

  it('refuses a language the app does not have, inviting nobody', async () => {
    const course = await ownersCourse();
    const reply = await invite(owner.client, { courseId: course.id, email: uniqueEmail('x'), role: 'ta', language: 'fr' });
    expect([reply.status, reply.data]).toEqual([400, { error: 'Unknown language', code: 'invalid_input' }]);
    expect((await teamRows(course.id)).invitations).toEqual([]);
  });
});

describe('inviting someone with an account', () => {
  it('sends a sign-in e-mail; the invitation is accepted at their next sign-in', async () => {
    const course = await ownersCourse();
    const colleague = await signInWithEmailCode(uniqueEmail('colleague'));
    await untilSignInMailAllowed(colleague.email);
    const since = new Date();
    const reply = await invite(owner.client, { courseId: course.id, email: colleague.email, role: 'co_instructor' });
    expect(reply.status).toBe(201);
    expect(reply.data.accountExists).toBe(true);
    const mail = await latestEmail(colleague.email, since);
    expect(sixDigitCode(mail)).toMatch(/^\d{6}$/);
    // Not a member until they sign in with that address.
    expect((await teamRows(course.id)).members).toEqual([]);
    expect((await myCourseRoles(colleague.client))[course.id]).toBeUndefined();
    const { data, error } = await colleague.client.auth.verifyOtp({ email: colleague.email, token: sixDigitCode(mail), type: 'email' });
    expect(error).toBeNull();
    expect(data.session).toBeTruthy();
    expect((await myCourseRoles(colleague.client))[course.id]).toBe('co_instructor');
  });
});

describe('refusals write nothing', () => {
  let course: { id: string; code: string };
  let member: SignedIn;

  beforeAll(async () => {
    course = await ownersCourse();
    member = await signInWithEmailCode(uniqueEmail('member'));
    await addMember(course.id, member, 'ta');
    await db().query(`insert into public.course_invitations (course_id, email, role) values ($1, 'pending@example.edu', 'ta')`, [
      course.id,
    ]);
  });

  async function expectRefused(client: SupabaseClient, body: Record<string, unknown>, status: number, message: RegExp) {
    const before = await teamRows(course.id);
    const reply = await invite(client, { courseId: course.id, role: 'ta', ...body });
    expect(reply.status).toBe(status);
    expect(reply.data.error).toMatch(message);
    expect(await teamRows(course.id)).toEqual(before);
    const address = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (address.includes('@') && address !== member.email && address !== owner.email) {
      expect(await authUser(address)).toBeUndefined();
      expect(await hasMail(address)).toBe(false);
    }
  }

  it('an invalid address (the shared schema, then the database with the same message)', async () => {
    await expectRefused(owner.client, { email: 'not-an-address' }, 400, /^Enter a valid e-mail address\.$/);
    await expectRefused(owner.client, { email: 'a b@example.edu' }, 400, /^Enter a valid e-mail address\.$/);
    const direct = await owner.client.rpc('invite_to_course', { course_id: course.id, email: 'nope@', role: 'ta' });
    expect(direct.status).toBe(400);
    expect(direct.error?.message).toBe('Enter a valid e-mail address.');
  });

  it('an unknown role or unknown fields', async () => {
    await expectRefused(owner.client, { email: uniqueEmail(), role: 'owner' }, 400, /^Choose Co-instructor or TA\.$/);
    await expectRefused(owner.client, { email: uniqueEmail(), extra: 1 }, 400, /Unknown field/);
  });

  it('oneself', async () => {
    await expectRefused(owner.client, { email: owner.email.toUpperCase() }, 400, /You cannot invite yourself/);
  });

  it('an existing member, and an address already invited', async () => {
    await expectRefused(owner.client, { email: member.email }, 409, /already on this course's team/);
    await expectRefused(owner.client, { email: 'Pending@example.edu', role: 'co_instructor' }, 409, /already been invited/);
  });

  it('another professor, a co-instructor and a TA of the course may not invite', async () => {
    const other = await signInWithEmailCode(uniqueEmail('other'));
    await expectRefused(other.client, { email: uniqueEmail() }, 404, /^Course not found$/);
    await expectRefused(member.client, { email: uniqueEmail() }, 404, /^Course not found$/);
    const coInstructor = await signInWithEmailCode(uniqueEmail('coi'));
    await addMember(course.id, coInstructor, 'co_instructor');
    await expectRefused(coInstructor.client, { email: uniqueEmail() }, 404, /^Course not found$/);
    await db().query('delete from public.course_members where course_id = $1 and user_id = $2', [course.id, coInstructor.userId]);
  });

  it('without a sign-in (the anon key): 401; without any key the gateway refuses', async () => {
    await expectRefused(signedOutClient(), { email: uniqueEmail() }, 401, /sign in again/);
    const bare = await fetch(`${stack().apiUrl}/functions/v1/team`, { method: 'POST', body: '{}' });
    expect(bare.status).toBe(401);
  });

  it('the 21st member: at most 20 members and invitations together', async () => {
    const full = await ownersCourse('Full Course');
    await addMember(full.id, member, 'ta');
    await db().query(
      `insert into public.course_invitations (course_id, email, role)
       select $1, 'invitee-' || i || '@example.edu', 'ta' from generate_series(1, 19) i`,
      [full.id],
    );
    const email = uniqueEmail('21st');
    const reply = await invite(owner.client, { courseId: full.id, email, role: 'ta' });
    expect(reply.status).toBe(409);
    expect(reply.data.error).toBe('A course can have at most 20 team members, invitations included.');
    const rows = await teamRows(full.id);
    expect(rows.members.length + rows.invitations.length).toBe(20);
    expect(await authUser(email)).toBeUndefined();
  });

  it('an e-mail that cannot be sent: 503, and the invitation is withdrawn again', async () => {
    const colleague = await signInWithEmailCode(uniqueEmail('throttled'));
    // Auth refuses another sign-in e-mail to this address for a minute (its max_frequency).
    await db().query(`update auth.users set recovery_sent_at = now() + interval '1 minute' where id = $1`, [colleague.userId]);
    const before = await teamRows(course.id);
    const reply = await invite(owner.client, { courseId: course.id, email: colleague.email, role: 'ta' });
    expect(reply.status).toBe(503);
    expect(reply.data.error).toBe('The invitation e-mail could not be sent, so nobody was invited. Please try again in a moment.');
    expect(await teamRows(course.id)).toEqual(before);
  });
});

describe('membership and access', () => {
  it('a removed member loses access at their next request', async () => {
    const course = await ownersCourse();
    const session = await createSession(course.id);
    const ta = await signInWithEmailCode(uniqueEmail('ta'));
    await addMember(course.id, ta, 'ta');
    expect((await myCourseRoles(ta.client))[course.id]).toBe('ta');
    const live = await ta.client.rpc('live_session', { course_id: course.id });
    expect(live.error).toBeNull();
    // The TA sees the team, but not the pending invitations.
    expect((await ta.client.from('course_members').select('user_id').eq('course_id', course.id)).data).toHaveLength(1);

    const removed = await owner.client
      .from('course_members')
      .delete()
      .eq('course_id', course.id)
      .eq('user_id', ta.userId)
      .select('user_id');
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);

    expect((await myCourseRoles(ta.client))[course.id]).toBeUndefined();
    expect((await ta.client.from('course_members').select('user_id').eq('course_id', course.id)).data).toEqual([]);
    const submissions = await ta.client.from('submissions').select('id').eq('class_session_id', session.id);
    expect(submissions.data).toEqual([]);
    const reply = await ta.client.rpc('reply_to_submission', { submission_id: crypto.randomUUID(), body: 'Hello' });
    expect(reply.error).not.toBeNull();
  });

  it('the owner revokes a pending invitation; a TA can neither see nor revoke invitations', async () => {
    const course = await ownersCourse();
    const ta = await signInWithEmailCode(uniqueEmail('ta'));
    await addMember(course.id, ta, 'ta');
    const email = uniqueEmail('revoked');
    const sent = await invite(owner.client, { courseId: course.id, email, role: 'ta' });
    expect(sent.status).toBe(201);
    expect((await ta.client.from('course_invitations').select('id').eq('course_id', course.id)).data).toEqual([]);
    const byTa = await ta.client.from('course_invitations').delete().eq('id', sent.data.id).select('id');
    expect(byTa.data).toEqual([]);
    expect((await teamRows(course.id)).invitations).toHaveLength(1);
    const byOwner = await owner.client.from('course_invitations').delete().eq('id', sent.data.id).select('id');
    expect(byOwner.data).toHaveLength(1);
    // Revoked: signing in with that address no longer joins the course.
    const later = await signInWithEmailCode(email);
    expect((await myCourseRoles(later.client))[course.id]).toBeUndefined();
  });

  it("a TA's direct course edits are refused by RLS: courses, create_today_session, class_sessions, session_notes", async () => {
    const course = await ownersCourse('Read Only Course');
    const session = await createSession(course.id);
    const ta = await signInWithEmailCode(uniqueEmail('ta'));
    await addMember(course.id, ta, 'ta');

    const courseUpdate = await ta.client.from('courses').update({ name: 'Renamed by TA' }).eq('id', course.id).select('id');
    expect(courseUpdate.data ?? []).toEqual([]);
    const courseDelete = await ta.client.from('courses').delete().eq('id', course.id).select('id');
    expect(courseDelete.data ?? []).toEqual([]);
    const { rows: courseRows } = await db().query('select name from public.courses where id = $1', [course.id]);
    expect(courseRows).toEqual([{ name: 'Read Only Course' }]);

    const link = await ta.client.rpc('create_today_session', { course_id: course.id });
    expect(link.status).toBe(404);

    const sessionUpdate = await ta.client.from('class_sessions').update({ topic: 'Changed by TA' }).eq('id', session.id).select('id');
    expect(sessionUpdate.data ?? []).toEqual([]);
    const { rows: sessionRows } = await db().query('select topic, is_active from public.class_sessions where id = $1', [session.id]);
    expect(sessionRows).toEqual([{ topic: null, is_active: true }]);

    const note = await ta.client.from('session_notes').insert({ session_id: session.id, body: 'Note by TA' }).select('id');
    expect(note.error).not.toBeNull();
    expect([403, 404]).toContain(note.status);
    const { rows: notes } = await db().query('select count(*)::int as n from public.session_notes where session_id = $1', [session.id]);
    expect(notes[0].n).toBe(0);

    // A co-instructor may edit the same course.
    const coInstructor = await signInWithEmailCode(uniqueEmail('coi'));
    await addMember(course.id, coInstructor, 'co_instructor');
    const edited = await coInstructor.client.from('courses').update({ name: 'Renamed by co-instructor' }).eq('id', course.id).select('id');
    expect(edited.data).toHaveLength(1);
    // But not delete it.
    const deleted = await coInstructor.client.from('courses').delete().eq('id', course.id).select('id');
    expect(deleted.data ?? []).toEqual([]);
  });

  it('"LMS teaching assistants join the team" (lms_roles_join_team) is off by default; only the owner turns it on or off', async () => {
    const course = await ownersCourse('LMS Team Course');
    const setting = async () => {
      const { rows } = await db().query<{ on: boolean }>('select lms_roles_join_team as on from public.courses where id = $1', [course.id]);
      return rows[0]?.on;
    };
    expect(await setting()).toBe(false);
    const { data: listed, error } = await owner.client.rpc('my_courses');
    expect(error).toBeNull();
    expect((listed as { id: string; lms_roles_join_team: boolean }[]).find((c) => c.id === course.id)?.lms_roles_join_team).toBe(false);

    const ta = await signInWithEmailCode(uniqueEmail('ta'));
    await addMember(course.id, ta, 'ta');
    // The TA reads it (my_courses) but RLS matches no row to update.
    const { data: taListed } = await ta.client.rpc('my_courses');
    expect((taListed as { id: string; lms_roles_join_team: boolean }[]).find((c) => c.id === course.id)?.lms_roles_join_team).toBe(false);
    const tried = await ta.client.from('courses').update({ lms_roles_join_team: true }).eq('id', course.id).select('id');
    expect(tried.data ?? []).toEqual([]);
    expect(await setting()).toBe(false);

    // A co-instructor edits the course, but the team's door is the owner's: refused with the reason.
    const coInstructor = await signInWithEmailCode(uniqueEmail('coi'));
    await addMember(course.id, coInstructor, 'co_instructor');
    const refused = await coInstructor.client
      .from('courses')
      .update({ name: 'Renamed With The Switch', lms_roles_join_team: true })
      .eq('id', course.id)
      .select('id');
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toBe("Only the course's owner can change whether LMS teaching assistants join the team.");
    expect(await setting()).toBe(false);
    const { rows: unchanged } = await db().query('select name from public.courses where id = $1', [course.id]);
    expect(unchanged).toEqual([{ name: 'LMS Team Course' }]);

    const on = await owner.client.from('courses').update({ lms_roles_join_team: true }).eq('id', course.id).select('id');
    expect(on.error).toBeNull();
    expect(on.data).toHaveLength(1);
    expect(await setting()).toBe(true);

    // The course form sends every setting: a co-instructor's save with the switch as it is goes through.
    const saved = await coInstructor.client
      .from('courses')
      .update({ name: 'Renamed By Co-instructor', lms_roles_join_team: true })
      .eq('id', course.id)
      .select('id');
    expect(saved.error).toBeNull();
    expect(saved.data).toHaveLength(1);
    const turnOff = await coInstructor.client.from('courses').update({ lms_roles_join_team: false }).eq('id', course.id).select('id');
    expect(turnOff.error?.code).toBe('42501');
    expect(await setting()).toBe(true);

    const off = await owner.client.from('courses').update({ lms_roles_join_team: false }).eq('id', course.id).select('id');
    expect(off.data).toHaveLength(1);
    expect(await setting()).toBe(false);

    // The column's insert grant: a new course may start with it on.
    const created = await owner.client
      .from('courses')
      .insert({ name: 'LMS Team Course 2', code: uniqueCourseCode(), timezone: RUN_TIME_ZONE, lms_roles_join_team: true })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const { rows } = await db().query('select lms_roles_join_team from public.courses where id = $1', [created.data!.id]);
    expect(rows).toEqual([{ lms_roles_join_team: true }]);
  });
});

/** A fresh client with the anon key and no session, as a new browser would be. */
function signedOutClient(): SupabaseClient {
  return anonClient();
}

describe("the local Auth's POST /invite (GoTrue's admin invite)", () => {
  const inviteRaw = (key: string, body: Record<string, unknown>, bearer = key) =>
    fetch(`${stack().apiUrl}/auth/v1/invite`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('takes the service role only, and refuses an address whose account is confirmed', async () => {
    const email = uniqueEmail('direct');
    const byAnon = await inviteRaw(stack().anonKey, { email });
    expect(byAnon.status).toBe(403);
    // A professor's own token is not an admin's.
    expect((await inviteRaw(stack().anonKey, { email }, owner.accessToken)).status).toBe(403);
    expect(await authUser(email)).toBeUndefined();

    const created = await inviteRaw(stack().serviceRoleKey, { email, data: { invited_to_course: 'CS 1 (Direct)' } });
    expect(created.status).toBe(200);
    const user = (await created.json()) as { email: string; invited_at?: string; email_confirmed_at?: string; user_metadata: unknown };
    expect(user).toMatchObject({ email, invited_at: expect.any(String), user_metadata: { invited_to_course: 'CS 1 (Direct)' } });
    expect(user.email_confirmed_at).toBeUndefined();
    expect((await latestEmail(email)).Subject).toBe('You have been invited to CS 1 (Direct)');

    const confirmed = await inviteRaw(stack().serviceRoleKey, { email: owner.email });
    expect(confirmed.status).toBe(422);
    expect(await confirmed.json()).toMatchObject({ error_code: 'email_exists' });
  });
});
