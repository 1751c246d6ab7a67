// submissions: anonymous student feedback. Create (Variant A or B; JSON, or the form posted by a
// browser without JavaScript), then read one's own submission
// (with the professor's reply, if any) with its edit token, and edit it while the class session is
// open, and ask for a push notification of the first reply (PUT/DELETE /{id}/push, with the VAPID
// key from GET /push-key), and give a host that writes them into a form page its check questions
// and, on Session Feedback, its notes (GET /form-page: form-page.ts). The create path is zod, then
// one SQL call (session check, rate limits, insert) over the pooled direct connection.
import type { Context } from 'hono';
import { clientIp } from '../_shared/client-ip.ts';
import { db } from '../_shared/db.ts';
import { fromDatabaseError, HttpError, INTERNAL_ERROR } from '../_shared/errors.ts';
import {
  classLinkTokenOf,
  FORM_SITE_UNKNOWN,
  type FormKind,
  formFields,
  isFormPost,
  notSentLocation,
  pageQueryOf,
  sentLocation,
  siteOf,
  wantsJson,
  withPageAddress,
} from '../_shared/form-post.ts';
import {
  IDEMPOTENCY_HEADER,
  idempotencyKeyOf,
  REPLAYED_HEADER,
  type ReplayedSubmission,
  sameSubmission,
  type SubmissionRequest,
} from '../_shared/idempotency.ts';
import { createApp, header, isUuid, parseWith, readJsonObject, readText, ValidationError } from '../_shared/http.ts';
import { errorBody, MESSAGES, messageText } from '../_shared/messages.ts';
import { editTokenLimits, submissionLimits } from '../_shared/limits.ts';
import { limitClock, rateLimitKey, sessionBaseKey } from '../_shared/rate-limit.ts';
import {
  pushSubscriptionSchemaFor,
  quickContentSchema,
  quickSubmissionSchema,
  sessionContentSchema,
  sessionSubmissionSchema,
  submissionKind,
  topicRatingsSchema,
  type QuickContent,
  type SessionContent,
} from '../_shared/schemas.ts';
import { TODAY_SESSION } from '../_shared/today.ts';
import { editTokenSecret, randomToken, secretMatchesHash, sha256Hex } from '../_shared/tokens.ts';
import { allowLoopbackPush, isP256PublicKey, vapidConfig } from '../_shared/web-push.ts';
import { formPageRoutes } from './form-page.ts';
import { meTooRoutes } from './me-too.ts';

// Per device and class session, per IP and class session, per IP and minute (docs/product.md, "Rate limits").
const LIMITS = submissionLimits((name) => Deno.env.get(name));
// Failed edit-token checks per IP and minute (guessing).
const EDIT_TOKEN_LIMITS = editTokenLimits((name) => Deno.env.get(name));
const EDIT_TOKEN_BUCKET = 'edit-token';
const TOO_MANY_GUESSES = MESSAGES.edit_link_guesses;

const MAX_DEVICE_ID = 200;
const NOT_FOUND = MESSAGES.submission_not_found;
const CLOSED = MESSAGES.feedback_edit_closed;

type Kind = 'quick' | 'session';

/** The content fields of a kind, in the snake_case the SQL functions read. */
function contentColumns(kind: Kind, content: QuickContent | SessionContent): Record<string, string | number> {
  if (kind === 'quick') {
    const c = content as QuickContent;
    return { topic: c.topic, confusion: c.confusion, difficulty_level: c.difficultyLevel };
  }
  const c = content as SessionContent;
  return {
    mind_after_session: c.mindAfterSession,
    unclear_parts: c.unclearParts,
    went_well: c.wentWell,
    pace: c.pace,
    challenge_level: c.challengeLevel,
    clarity_rating: c.clarityRating,
    confidence_level: c.confidenceLevel,
  };
}

/** The caller's `x-device-id`: undefined when absent; an over-long one is refused. */
function deviceIdOf(c: Context): string | undefined {
  const value = c.req.header('x-device-id')?.trim();
  if (!value) return undefined;
  if (value.length > MAX_DEVICE_ID) {
    throw new HttpError(400, messageText('device_id_too_long', { max: MAX_DEVICE_ID }));
  }
  return value;
}

const app = createApp('submissions');

interface Created {
  id: string;
  editToken: string;
  sessionId: string;
  /** A repeat of a stored idempotency key: this is the row that key made. */
  replayed?: boolean;
}

/**
 * The row a create's idempotency key already made, when the request asks for what it holds; 409
 * when it asks for something else; undefined when the key made no row. Nothing is written or counted.
 */
async function replay(key: string, editTokenHash: string, request: SubmissionRequest): Promise<Created | undefined> {
  const [row] = await db()`select private.submission_for_replay(${editTokenHash}) as s`;
  const stored = (row?.s ?? undefined) as ReplayedSubmission | undefined;
  if (!stored) return undefined;
  if (!sameSubmission(stored, request)) throw new HttpError(409, MESSAGES.idempotency_key_reused);
  return { id: stored.id, editToken: `${stored.id}.${key}`, sessionId: stored.sessionId, replayed: true };
}

// A create that lost a race to a repeat of its key: the other's insert (23505) or, when the other
// used up the device's last submission, the rate limit (CP429). Either rolled back everything.
const LOST_RACE = new Set(['23505', 'CP429']);

/** The topics' ratings as the SQL functions take them, {"addressed": 1–7, "control": 1–7}: only those given. */
function ratingsJson(addressed: number | undefined, control: number | undefined): Record<string, number> {
  return { ...(addressed === undefined ? {} : { addressed }), ...(control === undefined ? {} : { control }) };
}

/** Validates and stores one submission (zod, then one SQL call: session check, rate limits, insert). */
async function createSubmission(
  c: Context,
  body: Record<string, unknown>,
  device: string | undefined,
  key: string | undefined,
): Promise<Created> {
  const kind = submissionKind(body);
  // Variant A for "today" is for the course's class day, in its own time zone: the server's day,
  // never the device's (a phone in another zone, or near midnight, is on another day).
  if (kind === 'quick' && body.sessionId === TODAY_SESSION) {
    const today = await courseToday(body.courseId);
    if (today) body = { ...body, sessionId: today };
  }
  const input = kind === 'quick' ? parseWith(quickSubmissionSchema, body) : parseWith(sessionSubmissionSchema, body);
  const { courseId, sessionId, followUpNoteId, followUpAddressed, followUpControl, ...content } = input;
  // The ratings ride on the submission (same limits, same transaction) and are kept apart from it;
  // a rating without its note is none.
  const ratings = ratingsJson(followUpAddressed, followUpControl);
  const followUp =
    followUpNoteId === undefined || Object.keys(ratings).length === 0
      ? {}
      : { follow_up_note_id: followUpNoteId, follow_up_ratings: ratings };

  // Without a device id (not our web client, which always sends one) the request still gets the
  // per-device limit, under a key of its address: such requests from one network share it.
  const ip = clientIp(c.req.raw.headers);
  const secret = key ?? randomToken();
  const [editTokenHash, deviceKey, ipKey] = await Promise.all([
    sha256Hex(secret),
    device ? sessionBaseKey('device', device) : sessionBaseKey('device-ip', ip),
    sessionBaseKey('ip', ip),
  ]);
  const request: SubmissionRequest = { kind, courseId, sessionId, content };
  // A repeat is answered before anything is counted, so it never uses up a rate limit.
  if (key) {
    const repeated = await replay(key, editTokenHash, request);
    if (repeated) return repeated;
  }

  const sql = db();
  try {
    const [row] = await sql`
      select public.create_submission(
        ${courseId}::uuid, ${sessionId}, ${kind}, ${sql.json({ ...contentColumns(kind, content), ...followUp })}::jsonb,
        ${editTokenHash}, ${deviceKey ?? null}, ${ipKey ?? null}, ${sql.json(LIMITS)}::jsonb
      ) as created`;
    const created = row.created as { id: string; sessionId: string };
    return { id: created.id, editToken: `${created.id}.${secret}`, sessionId: created.sessionId };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (key && LOST_RACE.has(code)) {
      const repeated = await replay(key, editTokenHash, request);
      if (repeated) return repeated;
      // 23505 without a row: the row was deleted in between; the key cannot be used again now.
      if (code === '23505') throw new HttpError(409, MESSAGES.idempotency_key_reused);
    }
    throw error;
  }
}

const createdBody = ({ id, editToken, sessionId }: Created) => ({ id, editToken, sessionId });

// The encodings a browser form can post besides the urlencoded one: never JSON, so named at once.
const OTHER_FORM_TYPES = new Set(['multipart/form-data', 'text/plain']);

app.post('/', async (c) => {
  const contentType = c.req.header('content-type');
  if (isFormPost(contentType)) return await formPost(c);
  if (OTHER_FORM_TYPES.has((contentType ?? '').split(';')[0]!.trim().toLowerCase())) {
    throw new HttpError(415, MESSAGES.content_type_unsupported);
  }
  const device = deviceIdOf(c);
  // With an Idempotency-Key the key is the edit token's secret (docs/decisions/offline-submissions.md).
  const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));
  const created = await createSubmission(c, await readJsonObject(c), device, key);
  return c.json(createdBody(created), 201, created.replayed ? { [REPLAYED_HEADER]: 'true' } : {});
});

// The sites a form posted without JavaScript may be sent back to (comma-separated origins).
const SITES = (Deno.env.get('SITE_URL') ?? '')
  .split(',')
  .map((site) => site.trim())
  .filter(Boolean);

/** Today's class day of a course, in its own time zone: Variant A's session when the form names none. */
async function courseToday(courseId: unknown): Promise<string | undefined> {
  if (typeof courseId !== 'string' || !isUuid(courseId)) return undefined;
  const [row] = await db()`
    select d.session_date::text as day
    from public.courses c cross join lateral private.class_day(c.timezone, now()) d
    where c.id = ${courseId}::uuid`;
  return row?.day as string | undefined;
}

/** A class link's course and session as a form page's address names them; none for a link that opens nothing. */
async function classLinkPage(token: string): Promise<URLSearchParams> {
  const [row] = await db()`select public.resolve_class_token(${token}) as link`;
  const link = row?.link as { sessionId: string; courseId: string } | null;
  return new URLSearchParams(link ? { courseId: link.courseId, sessionId: link.sessionId } : {});
}

/**
 * A feedback form posted by the browser itself (docs/decisions/forms-before-the-app.md): the JSON
 * path's checks and limits, then a 303 to the page's outcome on the site, or JSON for a caller
 * that asks for it.
 */
async function formPost(c: Context): Promise<Response> {
  const json = wantsJson(c.req.header('accept') ?? null);
  const site = siteOf(c.req.raw.headers, SITES);
  if (!json && !site) throw new HttpError(400, FORM_SITE_UNKNOWN);
  let kind: FormKind = 'session';
  let page = new URLSearchParams();
  let typed: Record<string, unknown> = {};
  try {
    typed = formFields(await readText(c.req.raw));
    kind = submissionKind(typed);
    if (site) page = pageQueryOf(c.req.header('referer') ?? null, site, kind);
    // Posted from a class link's page (no script turned its address into the form's): the link's session.
    const token =
      site && kind === 'session' && !page.has('sessionId') ? classLinkTokenOf(c.req.header('referer') ?? null, site) : undefined;
    if (token) page = await classLinkPage(token);
    const body = withPageAddress(typed, page);
    // A page that names no session (/submit) posts for the course's class day.
    if (kind === 'quick' && body.sessionId === undefined) body.sessionId = TODAY_SESSION;
    const created = await createSubmission(c, body, undefined, undefined);
    if (json || !site) return c.json(createdBody(created), 201);
    return c.redirect(sentLocation(site, kind, page, created.editToken), 303);
  } catch (error) {
    if (json || !site) throw error;
    const known = error instanceof HttpError ? error : fromDatabaseError(error);
    if (!known) console.error('[submissions] form post:', error);
    const status = known?.status ?? 500;
    const refusal = {
      ...errorBody(status, known?.message ?? INTERNAL_ERROR),
      fields: error instanceof ValidationError ? error.fields : undefined,
    };
    return c.redirect(notSentLocation(site, kind, page, refusal, typed), 303);
  }
}

interface StoredSubmission {
  id: string;
  kind: Kind;
  courseId: string;
  sessionId: string;
  editTokenHash: string;
  open: boolean;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

const CONTENT_FIELDS: Record<Kind, string[]> = {
  quick: ['topic', 'confusion', 'difficultyLevel'],
  session: ['mindAfterSession', 'unclearParts', 'wentWell', 'pace', 'challengeLevel', 'clarityRating', 'confidenceLevel'],
};

/** What the student may see of their own submission: never the token hash. */
function ownView(s: StoredSubmission) {
  const view: Record<string, unknown> = {
    id: s.id,
    kind: s.kind,
    courseId: s.courseId,
    sessionId: s.sessionId,
    open: s.open,
    expiresAt: s.expiresAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
  for (const field of CONTENT_FIELDS[s.kind]) view[field] = s[field];
  return view;
}

async function loadSubmission(id: string): Promise<StoredSubmission | undefined> {
  const [row] = await db()`select public.submission_for_edit(${id}::uuid) as s`;
  return (row?.s ?? undefined) as StoredSubmission | undefined;
}

const tooManyGuesses = (wait: number) => new HttpError(429, TOO_MANY_GUESSES, { 'retry-after': String(Math.max(1, wait)) });

/**
 * The submission the `x-edit-token` header opens; a wrong or missing token is a 404 like an unknown
 * id. Guessing is limited per IP: each wrong secret of a well-formed token counts in the
 * 'edit-token' bucket, and an address whose bucket is full gets 429 before anything is compared
 * (one round trip reads the bucket and the submission). A malformed token (not `<this id>.<secret>`)
 * cannot match, so it is refused at once and not counted.
 */
async function ownSubmission(c: Context): Promise<StoredSubmission> {
  const id = c.req.param('id');
  if (!isUuid(id)) throw new HttpError(404, NOT_FOUND);
  const secret = editTokenSecret(header(c, 'x-edit-token', 200), id);
  if (!secret) throw new HttpError(404, NOT_FOUND);
  const at = limitClock(c.req.raw.headers);
  const key = await rateLimitKey('ip', clientIp(c.req.raw.headers), at);
  const limit = EDIT_TOKEN_LIMITS.failuresPerMinute;
  const [row] = await db()`
    select public.submission_for_edit(${id}::uuid) as s,
      public.rate_limit_wait(${EDIT_TOKEN_BUCKET}, ${key ?? null}, 60, ${limit}::integer, ${at ?? null}::timestamptz) as wait`;
  if (Number(row.wait) > 0) throw tooManyGuesses(Number(row.wait));
  const stored = (row.s ?? undefined) as StoredSubmission | undefined;
  if (stored && (await secretMatchesHash(secret, stored.editTokenHash))) return stored;
  if (key) {
    const [counted] = await db()`
      select public.consume_rate_limit(${EDIT_TOKEN_BUCKET}, ${key}, 60, ${limit}::integer, ${at ?? null}::timestamptz) as wait`;
    if (Number(counted.wait) > 0) throw tooManyGuesses(Number(counted.wait));
  }
  throw new HttpError(404, NOT_FOUND);
}

interface Reply {
  body: string;
  updatedAt: string;
}

/**
 * The professor's reply to a submission, or null. Asked only after the edit token was checked:
 * the reply is for the student who holds it and no one else.
 */
async function replyTo(id: string): Promise<Reply | null> {
  const [row] = await db()`
    select json_build_object('body', r.body, 'updatedAt', r.updated_at) as reply
    from public.submission_replies r where r.submission_id = ${id}::uuid`;
  return (row?.reply ?? null) as Reply | null;
}

/** Whether this submission's first reply will be pushed to a browser: only its token holder learns it. */
async function notifies(id: string): Promise<boolean> {
  const [row] = await db()`select exists (select 1 from public.reply_push_subscriptions where submission_id = ${id}::uuid) as notify`;
  return Boolean(row?.notify);
}

// GET /push-key → {publicKey}: the VAPID public key the browser subscribes with (a function
// secret, so the web build needs none). 404 when this deployment has no keys.
app.get('/push-key', (c) => {
  const vapid = vapidConfig();
  if (!vapid) throw new HttpError(404, MESSAGES.push_not_configured);
  return c.json({ publicKey: vapid.publicKey });
});

// Before /:id, which would otherwise take "me-too" and "form-page" for ids.
meTooRoutes(app, deviceIdOf);
formPageRoutes(app);

app.get('/:id', async (c) => {
  const stored = await ownSubmission(c);
  const [reply, notify] = await Promise.all([replyTo(stored.id), notifies(stored.id)]);
  return c.json({ ...ownView(stored), reply, notify });
});

app.put('/:id', async (c) => {
  const body = await readJsonObject(c);
  const stored = await ownSubmission(c);
  if (!stored.open) throw new HttpError(403, CLOSED);
  const content = stored.kind === 'quick' ? parseWith(quickContentSchema, body) : parseWith(sessionContentSchema, body);
  const sql = db();
  const [row] = await sql`
    select public.update_submission(${stored.id}::uuid, ${sql.json(contentColumns(stored.kind, content))}::jsonb) as updated`;
  // The session may have closed between the read and the write.
  if (!row.updated) throw new HttpError(403, CLOSED);
  const [fresh, reply, notify] = await Promise.all([loadSubmission(stored.id), replyTo(stored.id), notifies(stored.id)]);
  if (!fresh) throw new HttpError(404, NOT_FOUND);
  return c.json({ ...ownView(fresh), reply, notify });
});

// PUT /{id}/ratings (x-edit-token; body {followUpNoteId, followUpAddressed?, followUpControl?}) →
// {ratings: n}: the previous session's note's topics rated after the feedback was sent (its form was
// posted before the page's script ran, so it asked nothing). Once per submission (409), while the
// session is open (403), and only for the note its students are asked (400); add_topic_ratings()
// checks all three in one statement.
app.put('/:id/ratings', async (c) => {
  const body = await readJsonObject(c);
  const stored = await ownSubmission(c);
  if (!stored.open) throw new HttpError(403, CLOSED);
  const { followUpNoteId, followUpAddressed, followUpControl } = parseWith(topicRatingsSchema, body);
  const ratings = ratingsJson(followUpAddressed, followUpControl);
  const sql = db();
  const [row] = await sql`
    select public.add_topic_ratings(${stored.id}::uuid, ${followUpNoteId}::uuid, ${sql.json(ratings)}::jsonb) as stored`;
  return c.json({ ratings: Number(row.stored) });
});

// PUT /{id}/push (x-edit-token; body: the browser's PushSubscription.toJSON()) → {notify: true}.
// Stores (or replaces) the one subscription of this submission, to be used for its first reply;
// 409 once there is a reply (the student reads it on the page). Nothing but the endpoint and keys
// is kept, beside the submission id.
app.put('/:id/push', async (c) => {
  const body = await readJsonObject(c);
  const stored = await ownSubmission(c);
  if (!vapidConfig()) throw new HttpError(404, MESSAGES.push_not_configured);
  const { endpoint, keys } = parseWith(pushSubscriptionSchemaFor({ allowLoopback: allowLoopbackPush() }), body);
  if (!(await isP256PublicKey(keys.p256dh))) throw new HttpError(400, MESSAGES.push_keys_invalid);
  const [saved] = await db()`
    insert into public.reply_push_subscriptions (submission_id, endpoint, p256dh, auth)
    select ${stored.id}::uuid, ${endpoint}, ${keys.p256dh}, ${keys.auth}
    where not exists (select 1 from public.submission_replies r where r.submission_id = ${stored.id}::uuid)
    on conflict (submission_id) do update
      set endpoint = excluded.endpoint, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
    returning submission_id`;
  if (!saved) throw new HttpError(409, MESSAGES.push_already_replied);
  return c.json({ notify: true });
});

// DELETE /{id}/push (x-edit-token) → {notify: false}: the student turned notifications off.
app.delete('/:id/push', async (c) => {
  const stored = await ownSubmission(c);
  await db()`delete from public.reply_push_subscriptions where submission_id = ${stored.id}::uuid`;
  return c.json({ notify: false });
});

Deno.serve(app.fetch);
