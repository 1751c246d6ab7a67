import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createSmtpServer, type ReceivedMail } from './smtp.ts';

/**
 * The local stand-in for Mailpit (Supabase's local inbox on 54324): auth e-mails are kept in
 * memory, printed to the console, and served with the part of Mailpit's API that tools and
 * tests use, so the same scripts work against `supabase start` and against this stack.
 */

interface Address {
  Address: string;
  Name: string;
}

export interface InboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  from?: string;
  headers?: Record<string, string[]>;
}

interface StoredMessage {
  ID: string;
  MessageID: string;
  From: Address;
  To: Address[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Snippet: string;
  Size: number;
  /** The message's headers as sent over SMTP (Mailpit's /headers); auth e-mails have none. */
  Headers: Record<string, string[]>;
}

// Enough for a long day of local work; the oldest messages go first.
const MAX_MESSAGES = 1000;
const DEFAULT_FROM: Address = { Address: 'admin@email.com', Name: 'Supabase Auth' };
const DEFAULT_LIMIT = 50;

/** Mailpit's IDs are short random base62-ish strings. */
const newId = () => randomBytes(16).toString('base64url').replace(/[-_]/g, '').slice(0, 22);

function parseAddress(raw: string): Address {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(raw);
  return match ? { Name: match[1], Address: match[2].trim() } : { Name: '', Address: raw.trim() };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 250 ? `${flat.slice(0, 250)}...` : flat;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The code and the link of a sign-in e-mail, for the console and the HTML list. */
function highlights(message: { Text: string }): { code?: string; link?: string } {
  return {
    code: /\b(\d{4,10})\b/.exec(message.Text)?.[1],
    link: /https?:\/\/\S+/.exec(message.Text)?.[0],
  };
}

function summary(message: StoredMessage) {
  const { ID, MessageID, From, To, Subject, Created, Snippet, Size } = message;
  return {
    ID,
    MessageID,
    Read: false,
    From,
    To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject,
    Created,
    Tags: [],
    Size,
    Attachments: 0,
    Snippet,
  };
}

function detail(message: StoredMessage) {
  const { ID, MessageID, From, To, Subject, Created, Text, HTML, Size } = message;
  return {
    ID,
    MessageID,
    From,
    To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: From.Address,
    Subject,
    Date: Created,
    Tags: [],
    Text,
    HTML,
    Size,
    Inline: [],
    Attachments: [],
  };
}

/**
 * Mailpit search, the part that matters here: `to:`, `from:`, `subject:` terms (quoted or not)
 * and free words, all of which must match, case-insensitively.
 */
function matcher(query: string): (message: StoredMessage) => boolean {
  const terms = [...query.matchAll(/(?:(to|from|subject):)?(?:"([^"]*)"|(\S+))/gi)].map((m) => ({
    field: m[1]?.toLowerCase(),
    value: (m[2] ?? m[3] ?? '').toLowerCase(),
  }));
  return (message) =>
    terms.every(({ field, value }) => {
      const to = message.To.map((a) => `${a.Name} ${a.Address}`)
        .join(' ')
        .toLowerCase();
      const from = `${message.From.Name} ${message.From.Address}`.toLowerCase();
      const subject = message.Subject.toLowerCase();
      if (field === 'to') return to.includes(value);
      if (field === 'from') return from.includes(value);
      if (field === 'subject') return subject.includes(value);
      return [to, from, subject, message.Text.toLowerCase()].some((part) => part.includes(value));
    });
}

export function createInbox(opts: { log?: (line: string) => void } = {}) {
  const log = opts.log ?? (() => {});
  // Newest first, as Mailpit lists them.
  const messages: StoredMessage[] = [];

  async function send(mail: InboxMail): Promise<void> {
    const message: StoredMessage = {
      ID: newId(),
      MessageID: `${newId()}@classpulse.local`,
      From: mail.from ? parseAddress(mail.from) : DEFAULT_FROM,
      To: mail.to.split(',').map(parseAddress),
      Subject: mail.subject,
      Created: new Date().toISOString(),
      Text: mail.text,
      HTML: mail.html,
      Snippet: snippet(mail.text),
      Size: Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html),
      Headers: mail.headers ?? {},
    };
    messages.unshift(message);
    messages.length = Math.min(messages.length, MAX_MESSAGES);
    const { code, link } = highlights(message);
    log(`e-mail to ${mail.to}: "${mail.subject}"` + (code ? ` code ${code}` : '') + (link ? `\n  ${link}` : ''));
  }

  // What arrives over SMTP (the after-class summaries the functions send) lands in the same list.
  const smtp = createSmtpServer(
    (mail: ReceivedMail) =>
      send({ to: mail.to.join(','), subject: mail.subject, text: mail.text, html: mail.html, from: mail.from, headers: mail.headers }),
    log,
  );

  function page(list: StoredMessage[], start: string | undefined, limit: string | undefined) {
    const from = Math.max(0, Number.parseInt(start ?? '', 10) || 0);
    const count = Math.max(1, Number.parseInt(limit ?? '', 10) || DEFAULT_LIMIT);
    const slice = list.slice(from, from + count);
    return {
      total: messages.length,
      unread: messages.length,
      count: slice.length,
      messages_count: list.length,
      start: from,
      tags: [],
      messages: slice.map(summary),
    };
  }

  const app = new Hono();

  app.get('/api/v1/messages', (c) => c.json(page(messages, c.req.query('start'), c.req.query('limit'))));

  app.get('/api/v1/search', (c) => {
    const found = messages.filter(matcher(c.req.query('query') ?? ''));
    return c.json(page(found, c.req.query('start'), c.req.query('limit')));
  });

  app.get('/api/v1/message/:id', (c) => {
    const id = c.req.param('id');
    // Mailpit accepts "latest" for the newest message.
    const message = id === 'latest' ? messages[0] : messages.find((m) => m.ID === id);
    return message ? c.json(detail(message)) : c.text('message not found', 404);
  });

  // Mailpit: a message's headers, each name with its list of values.
  app.get('/api/v1/message/:id/headers', (c) => {
    const message = messages.find((m) => m.ID === c.req.param('id'));
    return message ? c.json(message.Headers) : c.text('message not found', 404);
  });

  // Not in Mailpit (tests only): the SMTP side answers the next `count` messages with 451, as a
  // mail server that refuses for a moment would.
  app.post('/api/v1/smtp/refuse', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { count?: unknown };
    const count = typeof body.count === 'number' && Number.isInteger(body.count) && body.count >= 0 ? body.count : 1;
    smtp.refuseNext(count);
    return c.json({ refusing: count });
  });

  // Not in Mailpit: the newest message to one address, which is what a test wants.
  app.get('/api/v1/latest', (c) => {
    const to = (c.req.query('to') ?? '').trim().toLowerCase();
    const message = messages.find((m) => m.To.some((a) => a.Address.toLowerCase() === to));
    return message ? c.json(detail(message)) : c.json({ error: `no message to ${to}` }, 404);
  });

  // Mailpit: a body of { IDs: [...] } deletes those, no body deletes everything.
  app.delete('/api/v1/messages', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { IDs?: unknown };
    if (Array.isArray(body.IDs) && body.IDs.length) {
      const ids = new Set(body.IDs);
      for (let i = messages.length - 1; i >= 0; i--) if (ids.has(messages[i].ID)) messages.splice(i, 1);
    } else {
      messages.length = 0;
    }
    return c.text('ok');
  });

  app.get('/', (c) => {
    const rows = messages
      .map((m) => {
        const { code, link } = highlights(m);
        return `<tr><td>${escapeHtml(m.Created.replace('T', ' ').slice(0, 19))}</td>
<td>${escapeHtml(m.To.map((a) => a.Address).join(', '))}</td><td>${escapeHtml(m.Subject)}</td>
<td><strong>${escapeHtml(code ?? '')}</strong></td>
<td>${link ? `<a href="${escapeHtml(link)}">open link</a>` : ''}</td></tr>`;
      })
      .join('\n');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local inbox</title>
<style>body{font:15px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}
td,th{padding:.4rem .8rem;border-bottom:1px solid #ddd;text-align:left}</style></head>
<body><h1>Local inbox</h1><p>${messages.length} message(s), newest first. Reload to refresh.</p>
<table><thead><tr><th>Received (UTC)</th><th>To</th><th>Subject</th><th>Code</th><th>Link</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">No e-mail yet.</td></tr>'}</tbody></table></body></html>`);
  });

  return { app, send, smtp: smtp.server };
}
