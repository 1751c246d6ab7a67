// user-stories: the public feature board. Anonymous visitors get a server-issued session token,
// then create stories and vote with it; owner operations (status, edit, delete, merge) run with the
// caller's own JWT through PostgREST, so RLS and is_app_owner() decide. `x-app-owner` is ignored.
import type { Context } from 'hono';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../_shared/database.types.ts';
import { db } from '../_shared/db.ts';
import { HttpError, UNAVAILABLE } from '../_shared/errors.ts';
import { createApp, header, isUuid, parseWith, readJsonObject } from '../_shared/http.ts';
import { envLimit, limitByIp } from '../_shared/rate-limit.ts';
import { storyCreateSchema, storyMergeSchema, storyUpdateSchemaFor } from '../_shared/schemas.ts';
import { randomToken, sha256Hex } from '../_shared/tokens.ts';

const LIMITS = {
  tokensPerMinute: envLimit('STORY_LIMIT_TOKENS_PER_MINUTE', 30),
  createsPerMinute: envLimit('STORY_LIMIT_CREATES_PER_MINUTE', 20),
  votesPerMinute: envLimit('STORY_LIMIT_VOTES_PER_MINUTE', 120),
};

const NOT_FOUND = 'User story not found';
const NO_VOTING_SESSION = 'Please submit a user story first to enable voting';
const NO_SESSION = 'Your session is missing or has expired. Please reload the page and try again.';
const OWNER_ONLY = 'Only the app owner can do this';

const app = createApp('user-stories');

/** The caller's session token, when it sent a plausible one. */
const sessionToken = (c: Context) => header(c, 'x-session-token', 128);

// GET: the board, and a session token (a new one when none was sent or it was never issued).
app.get('/', async (c) => {
  let token = sessionToken(c);
  const hash = token ? await sha256Hex(token) : '';
  const [row] = await db()`
    select exists (select 1 from public.anonymous_sessions a where a.anonymous_token_hash = ${hash}) as known,
           public.list_user_stories(${token ?? null}) as stories`;
  if (!row.known) {
    await limitByIp(
      c.req.raw.headers,
      'story-token',
      LIMITS.tokensPerMinute,
      60,
      'Too many new sessions from your network. Please try again in a minute.',
    );
    token = randomToken();
    await db()`select public.issue_story_session(${await sha256Hex(token)})`;
  }
  // An unknown token has no votes, so the list read with it is the new token's list too.
  return c.json({ sessionToken: token, stories: row.stories });
});

app.post('/', async (c) => {
  const body = await readJsonObject(c);
  const story = parseWith(storyCreateSchema, body);
  const token = sessionToken(c);
  if (!token) throw new HttpError(401, NO_SESSION);
  await limitByIp(
    c.req.raw.headers,
    'story-create',
    LIMITS.createsPerMinute,
    60,
    'Too many user stories from your network. Please try again in a minute.',
  );
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
  await limitByIp(c.req.raw.headers, 'vote', LIMITS.votesPerMinute, 60, 'Too many votes from your network. Please try again in a minute.');
  const [row] = await db()`select public.vote_user_story(${id}::uuid, ${await sha256Hex(token)}, ${up}) as result`;
  return c.json(row.result);
}

app.post('/:id/upvote', (c) => vote(c, true));
app.delete('/:id/upvote', (c) => vote(c, false));

// Owner operations ----------------------------------------------------------------------------

/** A PostgREST client acting as the caller, once is_app_owner() has said yes for them. */
async function ownerClient(c: Context): Promise<SupabaseClient<Database>> {
  const authorization = c.req.header('authorization');
  if (!authorization?.toLowerCase().startsWith('bearer ')) throw new HttpError(403, OWNER_ONLY);
  const client = createClient<Database>(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error, status } = await client.rpc('is_app_owner');
  if (error) {
    if (status === 401) throw new HttpError(401, 'Your sign-in has expired. Please sign in again.');
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

function failOnWrite(error: { code?: string; message?: string } | null, fallback: string): void {
  if (!error) return;
  if (error.code === '42501') throw new HttpError(403, OWNER_ONLY);
  if (error.code === '23514' || error.code === '22P02' || error.code === '22023') throw new HttpError(400, error.message ?? fallback);
  console.error(`[user-stories] ${fallback}:`, error);
  throw new HttpError(503, fallback);
}

app.put('/:id', async (c) => {
  const body = await readJsonObject(c);
  const client = await ownerClient(c);
  const id = c.req.param('id');
  if (!isUuid(id)) throw new HttpError(404, NOT_FOUND);
  const changes = parseWith(storyUpdateSchemaFor(body), body) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) patch[key === 'submittedBy' ? 'submitted_by' : key] = value;
  const { data, error } = await client
    .from('user_stories')
    .update(patch as StoryUpdate)
    .eq('id', id)
    .select(STORY_COLUMNS)
    .maybeSingle();
  failOnWrite(error, 'Failed to update user story');
  if (!data) throw new HttpError(404, NOT_FOUND);
  return c.json(storyView(data));
});

app.delete('/:id', async (c) => {
  const client = await ownerClient(c);
  const id = c.req.param('id');
  if (!isUuid(id)) throw new HttpError(404, NOT_FOUND);
  const { data, error } = await client.from('user_stories').delete().eq('id', id).select('id').maybeSingle();
  failOnWrite(error, 'Failed to delete user story');
  if (!data) throw new HttpError(404, NOT_FOUND);
  return c.json({ id, deleted: true });
});

app.post('/merge', async (c) => {
  const body = await readJsonObject(c);
  const client = await ownerClient(c);
  const { keepId, mergeId } = parseWith(storyMergeSchema, body);
  const { data, error } = await client.rpc('merge_user_stories', { keep_id: keepId, merge_id: mergeId });
  if (error?.code === 'P0002') throw new HttpError(404, 'Both stories must exist and not be merged already');
  failOnWrite(error, 'Failed to merge user stories');
  return c.json(data);
});

Deno.serve(app.fetch);
