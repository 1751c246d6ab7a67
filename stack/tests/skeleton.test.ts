import { describe, expect, it } from 'vitest';
import { RUN_TIME_ZONE } from '../../testing/timeZone.ts';
import { anonClient, db, signInWithEmailCode, stack, uniqueCourseCode } from '../../testing/vitest.ts';

describe('walking skeleton: every path once', () => {
  it('lets an anonymous visitor read the seeded courses through PostgREST', async () => {
    const { data, error } = await anonClient().from('courses').select('id, code, name').order('code');
    expect(error).toBeNull();
    expect(data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'COSC 1337', name: 'Introduction to Programming' }),
        expect.objectContaining({ code: 'MATH 2413', name: 'Calculus I' }),
      ]),
    );
  });

  it('never shows an anonymous visitor who owns a course', async () => {
    const { data, error } = await anonClient().from('courses').select('owner_id');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });

  it('finds every section of a course by code ignoring case and spaces (SQL function over /rpc)', async () => {
    const { data, error } = await anonClient().rpc('search_courses', { code: '  cosc1337 ' });
    expect(error).toBeNull();
    const term = expect.stringMatching(/^(Spring|Summer|Fall) \d{4}$/);
    expect(data).toEqual([
      {
        id: expect.any(String),
        code: 'COSC 1337',
        name: 'Introduction to Programming',
        section: null,
        term,
        instructors: ['Dr. Ada Lovelace'],
      },
      {
        id: expect.any(String),
        code: 'COSC 1337',
        name: 'Introduction to Programming',
        section: '002',
        term,
        instructors: ['Dr. Pat Lee'],
      },
    ]);
  });

  it('lets a professor signed in with the e-mail code create a course that another professor cannot change', async () => {
    const a = await signInWithEmailCode();
    const b = await signInWithEmailCode();
    const code = uniqueCourseCode();

    const created = await a.client
      .from('courses')
      .insert({ name: 'Data Structures', code, timezone: RUN_TIME_ZONE })
      .select('id, code, name')
      .single();
    expect(created.error).toBeNull();
    const id = created.data!.id as string;

    const hijack = await b.client.from('courses').update({ name: 'Hijacked' }).eq('id', id).select('id');
    expect(hijack.error).toBeNull();
    expect(hijack.data).toEqual([]);
    const removal = await b.client.from('courses').delete().eq('id', id).select('id');
    expect(removal.data).toEqual([]);

    const row = await db().query('select name, owner_id from public.courses where id = $1', [id]);
    expect(row.rows).toEqual([{ name: 'Data Structures', owner_id: a.userId }]);

    const mine = await a.client.rpc('my_courses');
    expect(mine.data?.map((c: { id: string }) => c.id)).toContain(id);
    const theirs = await b.client.rpc('my_courses');
    expect(theirs.data).toEqual([]);

    const own = await a.client.from('courses').delete().eq('id', id).select('id');
    expect(own.data).toEqual([{ id }]);
  });

  it('serves the health edge function through the gateway with its database connection', async () => {
    const res = await fetch(`${stack().apiUrl}/functions/v1/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('records migrations where the Supabase CLI records them', async () => {
    const { rows } = await db().query('select version, name from supabase_migrations.schema_migrations order by version');
    expect(rows.slice(0, 2)).toEqual([
      { version: '20261121000000', name: 'profiles' },
      { version: '20261121000100', name: 'courses' },
    ]);
  });

  it('creates a profile for every new auth user', async () => {
    const a = await signInWithEmailCode();
    const { data } = await a.client.from('profiles').select('id, email');
    expect(data).toEqual([{ id: a.userId, email: a.email }]);
  });
});
