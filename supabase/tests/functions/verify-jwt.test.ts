// Both public functions are deployed with verify_jwt = false (docs/decisions/edge-functions.md):
// the project's config.toml says so, and the functions answer anonymous callers who
// send no Authorization header and no apikey at all, as Supabase's gateway lets through for such a
// function (it checks neither; see supabase/supabase, docker/volumes/api/kong.yml, functions-v1).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { stack } from '../../../testing/vitest.ts';
import { courseWithSession, expectNoSecretsStored, fakeIp, quick, rowsIn, secrets, student } from './helpers.ts';

const CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../config.toml');

afterAll(async () => {
  await expectNoSecretsStored();
});

/** A request with only the headers given: no apikey, no Authorization. */
async function bare(fnPath: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) {
  const res = await fetch(`${stack().apiUrl}/functions/v1/${fnPath}`, {
    method: init.method,
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, data: await res.json() };
}

describe('verify_jwt', () => {
  it('is off for submissions and user-stories in supabase/config.toml', async () => {
    const config = parse(await readFile(CONFIG, 'utf8')) as { functions?: Record<string, { verify_jwt?: boolean }> };
    expect(config.functions?.submissions?.verify_jwt).toBe(false);
    expect(config.functions?.['user-stories']?.verify_jwt).toBe(false);
  });

  it('submissions: a POST with no Authorization and no apikey is accepted', async () => {
    const { courseId, sessionId } = await courseWithSession();
    const reply = await bare('submissions', { method: 'POST', body: quick(courseId, sessionId), headers: student() });
    expect(reply.status).toBe(201);
    expect(reply.data).toMatchObject({ id: expect.any(String), editToken: expect.any(String), sessionId });
    secrets.add(reply.data.editToken.split('.')[1]);
    expect(await rowsIn(sessionId)).toBe(1);
  });

  it('user-stories: the board, a token and a story with no Authorization and no apikey', async () => {
    const ip = fakeIp();
    const board = await bare('user-stories', { method: 'GET', headers: { 'x-forwarded-for': ip } });
    expect(board.status).toBe(200);
    expect(board.data.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.add(board.data.sessionToken);
    const created = await bare('user-stories', {
      method: 'POST',
      body: {
        title: 'As a student, I want to post without a key',
        description: 'As a student, I want to post without a key, so that it works.',
        impact: 3,
        confidence: 3,
        ease: 3,
      },
      headers: { 'x-forwarded-for': ip, 'x-session-token': board.data.sessionToken },
    });
    expect(created.status).toBe(201);
    // Owner operations still need an owner's own JWT.
    const refused = await bare(`user-stories/${created.data.id}`, { method: 'DELETE', headers: { 'x-app-owner': 'true' } });
    expect([refused.status, refused.data]).toEqual([403, { error: 'Only the app owner can do this', code: 'owner_only' }]);
  });

  it('what the web client sends (supabase-js: apikey and the anon key as Bearer) is accepted too', async () => {
    const sent: Headers[] = [];
    const client = createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly.
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: {
        fetch: (input, init) => {
          sent.push(new Headers(init?.headers));
          return fetch(input, init);
        },
      },
    });
    const { courseId, sessionId } = await courseWithSession();
    const { data, error } = await client.functions.invoke('submissions', { body: quick(courseId, sessionId), headers: student() });
    expect(error).toBeNull();
    secrets.add((data as { editToken: string }).editToken.split('.')[1]);
    expect(sent).toHaveLength(1);
    expect(sent[0].get('apikey')).toBe(stack().anonKey);
    expect(sent[0].get('authorization')).toBe(`Bearer ${stack().anonKey}`);
  });
});
