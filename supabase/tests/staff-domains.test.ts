// Only staff may teach: the staff e-mail domains of /admin and Supabase Auth's Before User Created
// hook (public.hook_before_user_created, named in config.toml), through the local auth service's
// real HTTP API as supabase-js and a hand-made request reach it. A refused address leaves no user,
// no profile and no e-mail; listed domains (and subdomains), pending team invitations and a
// registered learning platform's trusted domains get their account; an empty list lets anyone in.
// Every test leaves the list empty again: the other files sign new example.edu accounts in.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient, signInWithEmailCode, stack, uniqueEmail, type SignedIn } from '../../testing/vitest.ts';
import { createCourse } from './fixtures.ts';
import { invoke } from './functions/helpers.ts';
import { lockStaffDomains } from './staffDomainsLock.ts';

const REFUSAL = (domains: string) =>
  `ClassPulse here is for staff of ${domains}. Students never need to sign in: use the course search page.`;

let owner: SignedIn;

let giveBackTheList: () => Promise<void>;

beforeAll(async () => {
  giveBackTheList = await lockStaffDomains();
  owner = await signInWithEmailCode();
  await db().query('insert into public.app_owners (user_id) values ($1)', [owner.userId]);
});

afterEach(async () => {
  await db().query('delete from private.staff_email_domains');
});

afterAll(async () => {
  await giveBackTheList();
});

async function setDomains(...domains: string[]) {
  await db().query('delete from private.staff_email_domains');
  for (const domain of domains) await db().query('insert into private.staff_email_domains (domain) values ($1)', [domain]);
}

const gmail = () => `student-${randomUUID().slice(0, 8)}@gmail.com`;

/** What a refused address may have left: its auth.users row, its profile, an e-mail to it. */
async function traces(email: string) {
  const users = await db().query('select 1 from auth.users where email = $1', [email]);
  const profiles = await db().query('select 1 from public.profiles where email = $1', [email]);
  const mail = await fetch(`${stack().inboxUrl}/api/v1/latest?to=${encodeURIComponent(email)}`);
  return { users: users.rowCount, profiles: profiles.rowCount, mail: mail.ok };
}

/** POST /auth/v1/otp by hand, as any HTTP client (or supabase-js, with its API version header). */
async function askForCode(email: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack().apiUrl}/auth/v1/otp`, {
    method: 'POST',
    headers: { apikey: stack().anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, create_user: true, data: { language: 'en' } }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('with the domains set to example.edu', () => {
  it('refuses a new gmail address with the message, leaving no user, no profile and no e-mail', async () => {
    await setDomains('example.edu');
    const email = gmail();

    // supabase-js, as the sign-in page calls it.
    const { error } = await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: true } });
    expect(error?.status).toBe(403);
    expect(error?.message).toBe(REFUSAL('example.edu'));
    expect(error?.code).toBe('unknown');

    // GoTrue's two error shapes: the 2024-01-01 API version's, and the legacy one.
    expect(await askForCode(email, { 'x-supabase-api-version': '2024-01-01' })).toEqual({
      status: 403,
      body: { code: 'unknown', message: REFUSAL('example.edu') },
    });
    expect(await askForCode(email)).toEqual({
      status: 403,
      body: { code: 403, error_code: 'unknown', msg: REFUSAL('example.edu') },
    });
    expect(await traces(email)).toEqual({ users: 0, profiles: 0, mail: false });
  });

  it('makes a new example.edu address (or one of a subdomain) a professor', async () => {
    await setDomains('example.edu');
    for (const email of [uniqueEmail('staff'), `staff-${randomUUID().slice(0, 8)}@cs.example.edu`]) {
      const professor = await signInWithEmailCode(email);
      const { rows } = await db().query('select email from public.profiles where id = $1', [professor.userId]);
      expect(rows).toEqual([{ email }]);
      // A professor: creates a course of their own.
      const { error } = await professor.client
        .from('courses')
        .insert({ name: 'Staff only', code: `S ${randomUUID().slice(0, 8)}`, timezone: 'UTC' });
      expect(error).toBeNull();
    }
  });

  it('still signs in an account made before the list was set, whatever its domain', async () => {
    const email = gmail();
    await signInWithEmailCode(email);
    await setDomains('example.edu');
    await expect(signInWithEmailCode(email)).resolves.toMatchObject({ email });
  });

  it('names every listed domain: "a and b", "a, b, and c"', async () => {
    await setDomains('staff.example.edu', 'example.edu');
    const { error } = await anonClient().auth.signInWithOtp({ email: gmail() });
    expect(error?.message).toBe(REFUSAL('example.edu and staff.example.edu'));
    await setDomains('staff.example.org', 'example.edu', 'b.example.org');
    const { error: three } = await anonClient().auth.signInWithOtp({ email: gmail() });
    expect(three?.message).toBe(REFUSAL('b.example.org, example.edu, and staff.example.org'));
  });

  it('does not take a look-alike domain for a subdomain', async () => {
    await setDomains('example.edu');
    for (const email of [`x-${randomUUID().slice(0, 8)}@notexample.edu`, `x-${randomUUID().slice(0, 8)}@example.edu.evil.com`]) {
      const { error } = await anonClient().auth.signInWithOtp({ email });
      expect(error?.status, email).toBe(403);
      expect(await traces(email)).toEqual({ users: 0, profiles: 0, mail: false });
    }
  });

  it("lets an address invited to a course's team through, and it joins the team", async () => {
    await setDomains('example.edu');
    const course = await createCourse(owner.userId);
    const email = gmail();
    const sent = await invoke('team', { client: owner.client, body: { courseId: course.id, email, role: 'ta' } });
    expect(sent.status).toBe(201);
    expect((await traces(email)).mail).toBe(true);
    const ta = await signInWithEmailCode(email);
    const { rows } = await db().query('select role from public.course_members where course_id = $1 and user_id = $2', [
      course.id,
      ta.userId,
    ]);
    expect(rows).toEqual([{ role: 'ta' }]);
  });

  it("lets an address of a registered learning platform's trusted domain (or its subdomain) through", async () => {
    await setDomains('example.edu');
    const host = `https://lms-${randomUUID().slice(0, 8)}.example.org`;
    await db().query(
      `insert into private.lti_platforms (name, issuer, client_id, deployment_ids, auth_login_url, jwks_url, email_domains)
       values ('Staff domains test', $1, 'staff', '{1}', $1 || '/auth', $1 || '/jwks', '{faculty.example.org}')`,
      [host],
    );
    try {
      for (const email of [
        `prof-${randomUUID().slice(0, 8)}@faculty.example.org`,
        `prof-${randomUUID().slice(0, 8)}@cs.faculty.example.org`,
      ]) {
        await expect(signInWithEmailCode(email)).resolves.toMatchObject({ email });
      }
    } finally {
      await db().query('delete from private.lti_platforms where issuer = $1', [host]);
    }
  });

  it("runs for Auth's invitation and sign-up links as GoTrue does, not for the admin API's createUser", async () => {
    await setDomains('example.edu');
    const admin = serviceClient().auth.admin;
    const invited = gmail();
    const invitation = await admin.inviteUserByEmail(invited);
    expect(invitation.error?.status).toBe(403);
    expect(invitation.error?.message).toBe(REFUSAL('example.edu'));
    expect(await traces(invited)).toEqual({ users: 0, profiles: 0, mail: false });

    for (const type of ['magiclink', 'signup'] as const) {
      const linked = gmail();
      const link = await admin.generateLink(type === 'signup' ? { type, email: linked, password: 'a-password' } : { type, email: linked });
      expect(link.error?.status, type).toBe(403);
      expect(await traces(linked)).toEqual({ users: 0, profiles: 0, mail: false });
    }

    // The service role's createUser is its own permission (the lti function makes trusted
    // instructors' accounts with it): GoTrue's adminUserCreate runs no hook.
    const made = gmail();
    const created = await admin.createUser({ email: made, email_confirm: true });
    expect(created.error).toBeNull();
    expect((await traces(made)).users).toBe(1);
  });
});

describe('with no domain listed (the local demo)', () => {
  it('lets any new address become a professor', async () => {
    const email = gmail();
    const professor = await signInWithEmailCode(email);
    const { rows } = await db().query('select email from public.profiles where id = $1', [professor.userId]);
    expect(rows).toEqual([{ email }]);
  });
});

describe('the hook function', () => {
  it('is called by supabase_auth_admin alone, with the event GoTrue sends', async () => {
    await setDomains('example.edu');
    const event = (email: string) =>
      JSON.stringify({
        metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'before-user-created', ip_address: '127.0.0.1' },
        user: {
          id: randomUUID(),
          aud: 'authenticated',
          role: '',
          email,
          phone: '',
          app_metadata: { provider: 'email', providers: ['email'] },
        },
      });
    const client = await db().connect();
    try {
      await client.query('begin');
      await client.query('set local role supabase_auth_admin');
      const allowed = await client.query('select "public"."hook_before_user_created"($1) as answer', [event('Someone@Example.EDU')]);
      expect(allowed.rows[0].answer).toEqual({});
      const refused = await client.query('select "public"."hook_before_user_created"($1) as answer', [event('someone@gmail.com')]);
      expect(refused.rows[0].answer).toEqual({ error: { http_code: 403, message: REFUSAL('example.edu') } });
      await client.query('rollback');
      for (const role of ['anon', 'authenticated', 'service_role']) {
        const { rows } = await client.query(
          `select has_function_privilege($1, 'public.hook_before_user_created(jsonb)', 'execute') as may`,
          [role],
        );
        expect(rows[0].may, role).toBe(false);
      }
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
  });
});

describe("the list, for app owners (the /admin section's functions)", () => {
  it('adds trimmed and lower-cased, ignores a repeat, removes, and refuses what is not a domain', async () => {
    const { client } = owner;
    expect(await client.rpc('add_staff_email_domain', { p_domain: '  Example.EDU ' })).toMatchObject({ data: 'example.edu', status: 200 });
    expect(await client.rpc('add_staff_email_domain', { p_domain: 'example.edu' })).toMatchObject({ data: 'example.edu' });
    expect((await client.rpc('staff_email_domains', {}, { get: true })).data).toEqual([
      { domain: 'example.edu', created_at: expect.any(String) },
    ]);
    for (const bad of ['', 'edu', 'not a domain', 'exa_mple.edu', '*.example.edu', `${'a'.repeat(250)}.edu`]) {
      const refused = await client.rpc('add_staff_email_domain', { p_domain: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.error?.message).toBe('Enter a domain like example.edu');
    }
    await client.rpc('remove_staff_email_domain', { p_domain: 'EXAMPLE.edu' });
    expect((await client.rpc('staff_email_domains', {}, { get: true })).data).toEqual([]);
  });

  it('keeps at most 50 domains', async () => {
    // example.edu among them: other test files make accounts meanwhile (staffDomainsLock.ts).
    await setDomains('example.edu', ...Array.from({ length: 49 }, (_, i) => `d${i}.example.edu`));
    const refused = await owner.client.rpc('add_staff_email_domain', { p_domain: 'one-more.example.edu' });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('At most 50 domains can be listed.');
    // Adding one already listed is still fine.
    expect((await owner.client.rpc('add_staff_email_domain', { p_domain: 'd7.example.edu' })).error).toBeNull();
  });

  it("is each professor's business only if they are an app owner", async () => {
    const professor = await signInWithEmailCode();
    for (const [fn, args] of [
      ['staff_email_domains', {}],
      ['add_staff_email_domain', { p_domain: 'example.org' }],
      ['remove_staff_email_domain', { p_domain: 'example.org' }],
    ] as const) {
      const { error } = await professor.client.rpc(fn, args);
      expect(error?.code, fn).toBe('42501');
      expect(error?.message).toBe('Only the app owner can do this');
    }
    expect((await db().query('select 1 from private.staff_email_domains')).rowCount).toBe(0);
  });

  it('the table itself refuses what is not a lower-case domain', async () => {
    for (const bad of ['Example.edu', 'edu', 'a b.edu', '']) {
      await expect(db().query('insert into private.staff_email_domains (domain) values ($1)', [bad]), bad).rejects.toMatchObject({
        code: '23514',
      });
    }
  });
});
