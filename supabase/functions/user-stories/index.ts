// user-stories: the public feature board. Anonymous visitors get a server-issued session token,
// then create stories and vote with it; owner operations (status, edit, delete, merge) run with the
// caller's own JWT through PostgREST, so RLS and is_app_owner() decide. `x-app-owner` is ignored.
import type { Context } from 'hono';
import type { SupabaseClient } from '@supabase/supabase-js';
import { clientIp } from '../_shared/client-ip.ts';
import type { Database } from '../_shared/database.types.ts';
import { db } from '../_shared/db.ts';
import { fromDatabaseError, HttpError, UNAVAILABLE } from '../_shared/errors.ts';
import { createApp, header, isUuid, parseWith, readJsonObject } from '../_shared/http.ts';
import { storyLimits } from '../_shared/limits.ts';
import { MESSAGES } from '../_shared/messages.ts';
import { limitByIp, limitClock, rateLimitKey } from '../_shared/rate-limit.ts';
import { storyCreateSchema, storyMergeSchema, storyUpdateSchemaFor } from '../_shared/schemas.ts';
import { callerClient } from '../_shared/supabase-clients.ts';
import { randomToken, sha256Hex } from '../_shared/tokens.ts';

// Per IP and minute: new voting tokens, new stories, votes (docs/product.md, "Rate limits").
const LIMITS = storyLimits((name) => Deno.env.get(name));

const NOT_FOUND = MESSAGES.story_not_found;
const NO_VOTING_SESSION = MESSAGES.voting_needs_story;
const NO_SESSION = MESSAGES.story_session_missing;
const OWNER_ONLY = MESSAGES.owner_only;
const MERGED = MESSAGES.story_merged;

const app = createApp('user-stories');

/** The caller's session token, when it sent a plausible one. */
const sessionToken = (c: Context) => header(c, 'x-session-token', 128);

// GET: the board, and a session token: the one sent when the server issued it, else a new one.
// New tokens are limited per IP; over the limit the board is still served, with no token
// (`sessionToken: null`), so a lecture hall behind one address always sees it and the client asks
// for a session only when someone votes.
// A HEAD request (answered by this handler, without the body) is issued no token: nobody could
// ever receive it, so nothing is written for it.
app.get('/', async (c) => {
  const sent = sessionToken(c);
  const fresh = c.req.method === 'HEAD' ? null : randomToken();
  const at = limitClock(c.req.raw.headers);
  const [sentHash, freshHash, ipKey] = await Promise.all([
    sent ? sha256Hex(sent) : null,
    fresh ? sha256Hex(fresh) : null,
    rateLimitKey('ip', clientIp(c.req.raw.headers), at),
  ]);
  const [row] = await db()`
    select public.open_story_board(${sentHash}, ${freshHash}, ${ipKey ?? null}, ${LIMITS.tokensPerMinute}::integer, ${at ?? null}::timestamptz) as board`;
  const board = row.board as { token: 'kept' | 'issued' | 'none'; stories: unknown[] };
  const token = board.token === 'kept' ? sent : board.token === 'issued' ? fresh : null;
  return c.json({ sessionToken: token ?? null, stories: board.stories });
});

app.post('/', async (c) => {
  const body = await readJsonObject(c);
  const story = parseWith(storyCreateSchema, body);
  const token = sessionToken(c);
  if (!token) throw new HttpError(401, NO_SESSION);
  await limitByIp(c.req.raw.headers, 'story-create', LIMITS.createsPerMinute, 60, MESSAGES.story_create_limit);
  try {
    const sql = db();
    const [row] = await sql`select public.create_user_story(${await sha256Hex(token)}, ${sql.json(story)}::jsonb) as story`;
    return c.json(row.story, 201);
  } catch (error) {
    if ((error as { code?: string }).code === 'CP401') throw new HttpError(401, NO_SESSION);
    throw error;
  }
});

async function vote(c: Context, up: boolean) {
  const id = c.req.param('id');
  const token = sessionToken(c);
  if (!token) throw new HttpError(401, NO_VOTING_SESSION);
  if (!isUuid(id)) throw new HttpError(404, NOT_FOUND);
  await limitByIp(c.req.raw.headers, 'vote', LIMITS.votesPerMinute, 60, MESSAGES.vote_limit);
  const [row] = await db()`select public.vote_user_story(${id}::uuid, ${await sha256Hex(token)}, ${up}) as result`;
  return c.json(row.result);
}

app.post('/:id/upvote', (c) => vote(c, true));
app.delete('/:id/upvote', (c) => vote(c, false));

// Owner operations ----------------------------------------------------------------------------

/** A PostgREST client acting as the caller, once is_app_owner() has said yes for them. */
async function ownerClient(c: Context): Promise<SupabaseClient<Database>> {
  const client = callerClient(c.req.header('authorization'));
  if (!client) throw new HttpError(403, OWNER_ONLY);
  const { data, error, status } = await client.rpc('is_app_owner');
  if (error) {
    if (status === 401) throw new HttpError(401, MESSAGES.sign_in_expired);
    throw new HttpError(503, UNAVAILABLE);
  }
  if (data !== true) throw new HttpError(403, OWNER_ONLY);
  return client;
}

const STORY_COLUMNS =
  'id, title, description, submitted_by, status, impact, confidence, ease, ice_score, merged_into_id, created_at, updated_at' as const;

type StoryRow = Omit<Database['public']['Tables']['user_stories']['Row'], 'session_token_hash'>;
type StoryUpdate = Database['public']['Tables']['user_stories']['Update'];

const storyView = (s: StoryRow) => ({
  id: s.id,
  title: s.title,
  description: s.description,
  submittedBy: s.submitted_by,
  status: s.status,
  impact: s.impact,
  confidence: s.confidence,
  ease: s.ease,
  iceScore: s.ice_score,
  mergedIntoId: s.merged_into_id,
  createdAt: s.created_at,
  updatedAt: s.updated_at,
});

/**
 * Turns a PostgREST error into the response the client gets: refused by RLS → 403; a stored rule
 * (constraint, type) → the shared mapping's stable 400 message, never Postgres's own wording;
 * anything else is logged and answered 503 with the operation's failure text.
 */
function failOnWrite(error: { code?: string; message?: string; details?: string } | null, fallback: string): void {
  if (!error) return;
  if (error.code === '42501') throw new HttpError(403, OWNER_ONLY);
  const known = fromDatabaseError({ code: error.code, message: error.message, detail: error.details });
  if (known) throw known;
  console.error(`[user-stories] ${fallback}:`, error);
  throw new HttpError(503, fallback);
}

// Owner checks come first: a non-owner gets 403 whatever the id or body.
app.put('/:id', async (c) => {
  const client = await ownerClient(c);
  const id = c.req.param('id');
  if (!isUuid(id)) throw new HttpError(404, NOT_FOUND);
  const body = await readJsonObject(c);
  const changes = parseWith(storyUpdateSchemaFor(body), body) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) patch[key === 'submittedBy' ? 'submitted_by' : key] = value;
  // RLS lets owners update only stories not merged away; the filter says so explicitly.
  const { data, error } = await client
    .from('user_stories')
    .update(patch as StoryUpdate)
    .eq('id', id)
    .is('merged_into_id', null)
    .select(STORY_COLUMNS)
    .maybeSingle();
  failOnWrite(error, MESSAGES.story_update_failed);
  if (!data) {
    const { data: stored } = await client.from('user_stories').select('merged_into_id').eq('id', id).maybeSingle();
    if (stored?.merged_into_id) throw new HttpError(409, MERGED);
    throw new HttpError(404, NOT_FOUND);
  }
  return c.json(storyView(data));
});

app.delete('/:id', async (c) => {
  const client = await ownerClient(c);
  const id = c.req.param('id');
  if (!isUuid(id)) throw new HttpError(404, NOT_FOUND);
  const { data, error } = await client.from('user_stories').delete().eq('id', id).select('id').maybeSingle();
  failOnWrite(error, MESSAGES.story_delete_failed);
  if (!data) throw new HttpError(404, NOT_FOUND);
  return c.json({ id, deleted: true });
});

app.post('/merge', async (c) => {
  const client = await ownerClient(c);
  const body = await readJsonObject(c);
  const { keepId, mergeId } = parseWith(storyMergeSchema, body);
  const { data, error } = await client.rpc('merge_user_stories', { keep_id: keepId, merge_id: mergeId });
  if (error?.code === 'P0002') throw new HttpError(404, MESSAGES.stories_not_mergeable);
  failOnWrite(error, MESSAGES.story_merge_failed);
  return c.json(data);
});

Deno.serve(app.fetch);
