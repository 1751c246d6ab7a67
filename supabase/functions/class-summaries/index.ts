// class-summaries: the after-class summary e-mails (issue 44, "Did it help?").
//
// POST /class-summaries/run (Authorization: Bearer <CLASS_SUMMARIES_SECRET, else the service-role
// key>) → 200 {claimed, sent, failed}. Called every minute by pg_cron through pg_net on hosted
// (…_class_summaries_schedule.sql) and by the local stack's timer (stack/class-summaries.ts).
// claim_class_summaries() records the summaries due and claims each (session, recipient) row before
// anything is sent, so two runs never send one twice; a refused send is marked failed and retried
// by the next run (at most 5 attempts).
//
// GET /class-summaries/unsubscribe?token=… → a page asking to confirm (an e-mail scanner following
// the link unsubscribes nobody); POST with the same token → unsubscribed (RFC 8058 one-click: the mail
// client posts `List-Unsubscribe=One-Click`; the page's button posts the same).
import type { Context } from 'hono';
import nodemailer from 'nodemailer';
import { db } from '../_shared/db.ts';
import { HttpError } from '../_shared/errors.ts';
import { createApp } from '../_shared/http.ts';
import { MESSAGES } from '../_shared/messages.ts';
import { sha256Hex, timingSafeEqual } from '../_shared/tokens.ts';
import { summaryMail, unsubscribePage, type Summary } from './mail.ts';

const app = createApp('class-summaries', { deadlineMs: 120_000 });
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function authorised(c: Context): boolean {
  const secret = Deno.env.get('CLASS_SUMMARIES_SECRET') || Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  const given = c.req.header('authorization') ?? '';
  return !!secret && given.toLowerCase().startsWith('bearer ') && timingSafeEqual(given.slice(7).trim(), secret);
}

function transport() {
  const host = Deno.env.get('SMTP_HOST');
  if (!host) return null;
  const port = Number(Deno.env.get('SMTP_PORT') || 465);
  const user = Deno.env.get('SMTP_USER');
  return nodemailer.createTransport({
    host,
    port,
    secure: port === 465,
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** The web app's origin for the e-mail's links. */
const siteUrl = () => (Deno.env.get('SITE_URL') || Deno.env.get('LTI_SITE_URL') || 'http://localhost:5173').replace(/\/+$/, '');

/** Where the unsubscribe endpoint is reached from outside (the project's functions URL). */
const functionsUrl = () =>
  `${(Deno.env.get('PUBLIC_FUNCTIONS_URL') || `${Deno.env.get('SUPABASE_URL')}/functions/v1`).replace(/\/+$/, '')}`;

interface Claimed {
  session_id: string;
  user_id: string;
  email: string;
  language: 'en' | 'es';
  unsubscribe_token: string;
  summary: Summary;
}

app.post('/run', async (c) => {
  // Anyone else gets the answer of a route that does not exist.
  if (!authorised(c)) throw new HttpError(404, MESSAGES.not_found);
  const mailer = transport();
  if (!mailer) {
    console.error('[class-summaries] SMTP_HOST is not set: nothing sent');
    return c.json({ claimed: 0, sent: 0, failed: 0 });
  }
  const from = Deno.env.get('SMTP_FROM') || 'ClassPulse <no-reply@classpulse.app>';
  const claimed = (await db()`select * from private.claim_class_summaries(50)`) as unknown as Claimed[];
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const unsubscribeUrl = `${functionsUrl()}/class-summaries/unsubscribe?token=${row.unsubscribe_token}`;
    const mail = summaryMail(row.summary, row.language, siteUrl(), unsubscribeUrl);
    try {
      await mailer.sendMail({
        from,
        to: row.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await db()`select private.finish_class_summary(${row.session_id}::uuid, ${row.user_id}::uuid, true)`;
      sent++;
    } catch (error) {
      // The server's reply code only (never the address) reaches the log and the table.
      const code = String((error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code ?? 'error');
      console.error('[class-summaries] send failed:', code);
      await db()`select private.finish_class_summary(${row.session_id}::uuid, ${row.user_id}::uuid, false, ${code})`;
      failed++;
    }
  }
  mailer.close();
  return c.json({ claimed: claimed.length, sent, failed });
});

async function unsubscribe(token: string | undefined): Promise<string | null> {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await db()`select private.unsubscribe_class_summary(${await sha256Hex(token)}) as code`;
  return (row?.code as string | null) ?? null;
}

app.get('/unsubscribe', (c) => {
  const token = c.req.query('token');
  const lang = c.req.query('lang') === 'es' ? 'es' : 'en';
  if (!token || !TOKEN.test(token)) return c.html(unsubscribePage('invalid', lang), 404);
  return c.html(unsubscribePage('confirm', lang, token));
});

app.post('/unsubscribe', async (c) => {
  const lang = c.req.query('lang') === 'es' ? 'es' : 'en';
  const code = await unsubscribe(c.req.query('token'));
  if (code === null) return c.html(unsubscribePage('invalid', lang), 404);
  return c.html(unsubscribePage('done', lang, undefined, code));
});

Deno.serve(app.fetch);
