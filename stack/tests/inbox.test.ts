import { createInbox } from '../inbox.ts';
import { describe, expect, it } from 'vitest';

// The inbox's Mailpit-compatible API, called in-process through Hono's request().
function inbox() {
  const lines: string[] = [];
  const { app, send } = createInbox({ log: (line) => lines.push(line) });
  const json = async (path: string, init?: RequestInit) => {
    const res = await app.request(path, init);
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() };
  };
  return { send, json, lines, app };
}

const mail = (to: string, code: string) => ({
  to,
  subject: 'Your Magic Link',
  text: `Your sign-in code is ${code}\n\nOr follow this link to sign in:\nhttp://127.0.0.1:54321/auth/v1/verify?token=abc&type=magiclink`,
  html: `<p>${code}</p>`,
});

describe('local inbox', () => {
  it('lists messages newest first in Mailpit shape and prints the code and link', async () => {
    const box = inbox();
    await box.send(mail('a@example.edu', '111111'));
    await box.send(mail('b@example.edu', '222222'));

    const { body } = await box.json('/api/v1/messages');
    expect(body.total).toBe(2);
    expect(body.messages.map((m: { To: { Address: string }[] }) => m.To[0].Address)).toEqual(['b@example.edu', 'a@example.edu']);
    expect(body.messages[0]).toMatchObject({
      ID: expect.any(String),
      From: { Address: expect.any(String), Name: expect.any(String) },
      To: [{ Address: 'b@example.edu', Name: '' }],
      Subject: 'Your Magic Link',
      Created: expect.any(String),
      Snippet: expect.stringContaining('222222'),
    });
    expect(box.lines.join('\n')).toContain('a@example.edu');
    expect(box.lines.join('\n')).toContain('code 111111');
    expect(box.lines.join('\n')).toContain('/auth/v1/verify?token=abc');
  });

  it('searches by recipient, returns one message in full, and the latest for an address', async () => {
    const box = inbox();
    await box.send(mail('a@example.edu', '111111'));
    await box.send(mail('b@example.edu', '222222'));
    await box.send(mail('a@example.edu', '333333'));

    const search = await box.json('/api/v1/search?query=' + encodeURIComponent('to:a@example.edu'));
    expect(search.body.messages).toHaveLength(2);

    const full = await box.json(`/api/v1/message/${search.body.messages[1].ID}`);
    expect(full.body).toMatchObject({ Subject: 'Your Magic Link', HTML: '<p>111111</p>', Date: expect.any(String) });
    expect(full.body.Text).toContain('111111');

    const latest = await box.json('/api/v1/latest?to=A@example.edu');
    expect(latest.body.Text).toContain('333333');
    expect((await box.json('/api/v1/latest?to=nobody@example.edu')).status).toBe(404);
    expect((await box.json('/api/v1/message/nope')).status).toBe(404);
  });

  it('clears messages with DELETE and shows a page for humans', async () => {
    const box = inbox();
    await box.send(mail('a@example.edu', '111111'));
    const page = await box.app.request('/');
    expect(await page.text()).toContain('111111');
    expect((await box.json('/api/v1/messages', { method: 'DELETE' })).status).toBe(200);
    expect((await box.json('/api/v1/messages')).body.total).toBe(0);
  });
});
