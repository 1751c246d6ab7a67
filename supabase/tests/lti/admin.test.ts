// Registering learning platforms from /admin: lti_platforms_admin(), save_lti_platform() and
// remove_lti_platform() answer app owners alone (anyone else: 42501, a 403, and nothing changes);
// an owner registers, changes, lists (with the count of linked LMS courses) and removes a platform
// through PostgREST as the web app does; a duplicate issuer and client id is a 409, and the table's
// check constraints refuse a bad domain or address with a 400.
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, signInWithEmailCode, type SignedIn } from '../../../testing/vitest.ts';
import { createCourse } from '../fixtures.ts';

let owner: SignedIn;
let professor: SignedIn;

beforeAll(async () => {
  [owner, professor] = await Promise.all([signInWithEmailCode(), signInWithEmailCode()]);
  await db().query('insert into public.app_owners (user_id) values ($1)', [owner.userId]);
});

const tag = () => randomBytes(4).toString('hex');

function platformArgs(overrides: Record<string, unknown> = {}) {
  const t = tag();
  return {
    p_id: null,
    p_name: `  Canvas ${t}  `,
    p_issuer: ` https://canvas-${t}.example.edu `,
    p_client_id: ` 1000${t} `,
    p_deployment_ids: [' 1:abc ', '', '2:def'],
    p_auth_login_url: `https://sso-${t}.example.edu/api/lti/authorize_redirect`,
    p_jwks_url: `https://sso-${t}.example.edu/api/lti/security/jwks`,
    p_token_url: ' ',
    p_email_domains: ['State.EDU ', 'cs.state.edu'],
    ...overrides,
  };
}

const save = (client: SupabaseClient, args: Record<string, unknown>) => client.rpc('save_lti_platform', args);

async function storedPlatform(id: string) {
  const { rows } = await db().query(
    `select name, issuer, client_id, deployment_ids, auth_login_url, jwks_url, token_url, email_domains
     from private.lti_platforms where id = $1`,
    [id],
  );
  return rows[0];
}

/** How many platforms have this issuer (other LTI test files register platforms of their own meanwhile). */
const withIssuer = async (issuer: unknown) =>
  (await db().query<{ n: number }>('select count(*)::int as n from private.lti_platforms where issuer = btrim($1)', [issuer])).rows[0]!.n;

describe('who may manage learning platforms', () => {
  it('refuses a signed-in professor who is not an app owner (403), and changes nothing', async () => {
    const { rows } = await db().query<{ id: string; name: string }>(
      `insert into private.lti_platforms (name, issuer, client_id, deployment_ids, auth_login_url, jwks_url)
       values ('Untouched', $1, 'c1', '{d1}', 'https://x.example.edu/auth', 'https://x.example.edu/jwks') returning id, name`,
      [`https://untouched-${tag()}.example.edu`],
    );
    const id = rows[0]!.id;
    const fresh = platformArgs();
    const calls = [
      professor.client.rpc('lti_platforms_admin'),
      save(professor.client, fresh),
      save(professor.client, platformArgs({ p_id: id, p_name: 'Taken over' })),
      professor.client.rpc('remove_lti_platform', { p_id: id }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(answer.error?.code).toBe('42501');
      expect(answer.error?.message).toBe('Only an app owner can manage learning platforms');
    }
    expect(await withIssuer(fresh.p_issuer)).toBe(0);
    expect((await storedPlatform(id))?.name).toBe('Untouched');
    await db().query('delete from private.lti_platforms where id = $1', [id]);
  });

  it('refuses visitors who are not signed in (no grant to anon)', async () => {
    const list = await anonClient().rpc('lti_platforms_admin');
    expect(list.error).not.toBeNull();
    expect([401, 403]).toContain(list.status);
    const fresh = platformArgs();
    const saved = await save(anonClient(), fresh);
    expect([401, 403]).toContain(saved.status);
    expect(await withIssuer(fresh.p_issuer)).toBe(0);
  });
});

describe('an app owner', () => {
  it('registers, changes, lists with the linked course count, and removes a platform with its links', async () => {
    const args = platformArgs();
    const created = await save(owner.client, args);
    expect(created.error).toBeNull();
    const id = created.data as string;
    expect(await storedPlatform(id)).toEqual({
      name: args.p_name.trim(),
      issuer: args.p_issuer.trim(),
      client_id: args.p_client_id.trim(),
      deployment_ids: ['1:abc', '2:def'],
      auth_login_url: args.p_auth_login_url,
      jwks_url: args.p_jwks_url,
      token_url: null,
      email_domains: ['state.edu', 'cs.state.edu'],
    });

    const changed = await save(owner.client, {
      ...args,
      p_id: id,
      p_name: 'Moodle at State U',
      p_deployment_ids: ['3'],
      p_token_url: 'https://sso.example.edu/token',
      p_email_domains: [],
    });
    expect(changed.error).toBeNull();
    expect(changed.data).toBe(id);
    expect(await storedPlatform(id)).toMatchObject({
      name: 'Moodle at State U',
      deployment_ids: ['3'],
      token_url: 'https://sso.example.edu/token',
      email_domains: [],
    });

    // Two LMS courses linked through it.
    const course = await createCourse(professor.userId);
    await db().query(
      `insert into private.lti_context_links (platform_id, context_id, course_id) values ($1, 'ctx-1', $2), ($1, 'ctx-2', $2)`,
      [id, course.id],
    );
    const list = await owner.client.rpc('lti_platforms_admin');
    expect(list.error).toBeNull();
    const rows = list.data as { id: string; name: string; linked_courses: number; deployment_ids: string[]; created_at: string }[];
    const names = rows.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(rows.find((row) => row.id === id)).toMatchObject({
      name: 'Moodle at State U',
      deployment_ids: ['3'],
      linked_courses: 2,
      client_id: args.p_client_id.trim(),
    });

    const removed = await owner.client.rpc('remove_lti_platform', { p_id: id });
    expect(removed.error).toBeNull();
    expect(await storedPlatform(id)).toBeUndefined();
    const links = await db().query('select 1 from private.lti_context_links where platform_id = $1', [id]);
    expect(links.rowCount).toBe(0);
    // The course itself stays.
    expect((await db().query('select 1 from public.courses where id = $1', [course.id])).rowCount).toBe(1);

    const again = await owner.client.rpc('remove_lti_platform', { p_id: id });
    expect(again.status).toBe(404);
    expect(again.error?.message).toBe('Platform not found');
    const unknown = await save(owner.client, platformArgs({ p_id: id }));
    expect(unknown.status).toBe(404);
  });

  it('cannot register an issuer and client id twice (409), on insert or on change', async () => {
    const first = platformArgs();
    const created = await save(owner.client, first);
    expect(created.error).toBeNull();
    const duplicate = await save(owner.client, platformArgs({ p_issuer: first.p_issuer, p_client_id: first.p_client_id }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.message).toBe('This issuer and client id are already registered.');
    expect(await withIssuer(first.p_issuer)).toBe(1);

    const other = await save(owner.client, platformArgs());
    const clash = await save(owner.client, platformArgs({ p_id: other.data, p_issuer: first.p_issuer, p_client_id: first.p_client_id }));
    expect(clash.status).toBe(409);
    for (const id of [created.data, other.data]) await owner.client.rpc('remove_lti_platform', { p_id: id });
  });

  it('is refused a bad e-mail domain or address by the table’s checks (400), and nothing is stored', async () => {
    const cases = [
      { p_email_domains: ['not a domain'] },
      { p_email_domains: ['state'] },
      { p_email_domains: ['prof@state.edu'] },
      { p_issuer: 'canvas.instructure.com' },
      { p_jwks_url: 'javascript:alert(1)' },
      { p_auth_login_url: 'https://has space.example.edu' },
      { p_token_url: 'ftp://x.example.edu' },
      { p_client_id: '' },
      { p_name: 'n'.repeat(201) },
      { p_issuer: `https://x.example.edu/${'a'.repeat(500)}` },
    ];
    for (const overrides of cases) {
      const args = platformArgs(overrides);
      const answer = await save(owner.client, args);
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.error?.code, JSON.stringify(overrides)).toBe('23514');
      expect(await withIssuer(args.p_issuer)).toBe(0);
    }
  });
});
