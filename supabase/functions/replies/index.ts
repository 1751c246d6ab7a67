// replies: a professor answers one anonymous submission, and the student who asked for it gets a
// push notification of the first reply, sent by the server (a professor's browser may close).
//
// POST /replies {submissionId, body} → 200 {submissionId, body, updatedAt}. The reply is written by
// reply_to_submission() running AS THE CALLER (their own JWT through PostgREST), so row-level
// security decides whose feedback they may answer, as for any PostgREST write. Then,
// in the background, the submission's push subscription (if the student left one) is claimed,
// used once and gone: a 404/410 from the push service deletes it too; any other failure puts it
// back for the next reply and logs the status alone. The answer is the same whether or not anyone
// was notified, and does not wait for the push: the professor learns nothing from it.
import type { Context } from 'hono';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../_shared/database.types.ts';
import { db } from '../_shared/db.ts';
import { HttpError, UNAVAILABLE } from '../_shared/errors.ts';
import { createApp, parseWith, readJsonObject } from '../_shared/http.ts';
import { MESSAGES } from '../_shared/messages.ts';
import { replyRequestSchema } from '../_shared/schemas.ts';
import { callerClient } from '../_shared/supabase-clients.ts';
import { sendPush, vapidConfig } from '../_shared/web-push.ts';

const NOTIFICATION_TITLE = 'Your professor replied';

function asCaller(c: Context): SupabaseClient<Database> {
  const client = callerClient(c.req.header('authorization'));
  if (!client) throw new HttpError(401, MESSAGES.sign_in_expired);
  return client;
}

/** reply_to_submission()'s refusals keep their status and message (PT404, 22023); anything else is a 503. */
function refusal(error: { code?: string; message?: string }, status: number): HttpError {
  if (status === 401 || error.code === 'PGRST301' || error.code === 'PGRST303') return new HttpError(401, MESSAGES.sign_in_expired);
  if (error.code === 'PT404') return new HttpError(404, MESSAGES.submission_not_found);
  if (error.code === '22023' && error.message) return new HttpError(400, error.message);
  if (error.code === '42501') return new HttpError(403, MESSAGES.submission_not_found);
  console.error('[replies] reply_to_submission failed:', status, error.code);
  return new HttpError(503, UNAVAILABLE);
}

interface Claimed {
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
  courseCode: string;
}

/** Takes the submission's subscription out of the table (so two replies cannot both send it). */
async function claimSubscription(submissionId: string): Promise<Claimed | undefined> {
  const [row] = await db()`
    with claimed as (
      delete from public.reply_push_subscriptions s where s.submission_id = ${submissionId}::uuid returning s.*
    )
    select claimed.endpoint, claimed.p256dh, claimed.auth, claimed.created_at as "createdAt", c.code as "courseCode"
    from claimed
    join public.submissions sub on sub.id = claimed.submission_id
    join public.courses c on c.id = sub.course_id`;
  return row as Claimed | undefined;
}

/** Puts a subscription back after a failure that may pass (unless its submission is gone meanwhile). */
async function restoreSubscription(submissionId: string, s: Claimed): Promise<void> {
  await db()`
    insert into public.reply_push_subscriptions (submission_id, endpoint, p256dh, auth, created_at)
    select ${submissionId}::uuid, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.createdAt}
    where exists (select 1 from public.submissions where id = ${submissionId}::uuid)
    on conflict (submission_id) do nothing`;
}

/**
 * The push of a reply: the title, the course code and the submission id, nothing else. The service
 * worker finds the private link (`/track/<edit token>`) by that id in the device's own storage:
 * the server never has the raw token.
 */
async function pushReply(submissionId: string): Promise<void> {
  const vapid = vapidConfig();
  if (!vapid) return;
  const claimed = await claimSubscription(submissionId);
  if (!claimed) return;
  const status = await sendPush(claimed, { title: NOTIFICATION_TITLE, body: claimed.courseCode, submissionId }, vapid);
  if (status >= 200 && status < 300) return;
  if (status === 404 || status === 410) {
    console.warn(`[replies] the push service no longer knows a subscription (HTTP ${status}): deleted`);
    return;
  }
  console.warn(`[replies] a push was not delivered (HTTP ${status || 'no answer'}): kept for the next reply`);
  await restoreSubscription(submissionId, claimed);
}

/** Runs after the answer (Supabase's runtime keeps the worker for it; a plain Deno process lives on anyway). */
function inBackground(task: Promise<void>): void {
  const guarded = task.catch((error: unknown) => {
    // The error's kind only: a fetch error's text may carry the endpoint, which identifies a browser.
    console.error('[replies] the reply push failed:', (error as { code?: string; name?: string })?.code ?? (error as Error)?.name);
  });
  (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime?.waitUntil(guarded);
}

const app = createApp('replies');

app.post('/', async (c) => {
  const caller = asCaller(c);
  const { submissionId, body } = parseWith(replyRequestSchema, await readJsonObject(c));
  const { data, error, status } = await caller.rpc('reply_to_submission', { submission_id: submissionId, body });
  if (error) throw refusal(error, status);
  inBackground(pushReply(submissionId));
  return c.json(data);
});

Deno.serve(app.fetch);
