import type { STORY_STATUSES } from '../../../../supabase/functions/_shared/schemas';
import { dataClients, sessionMayExist } from '../clients';
import { ApiError, dataOrThrow, fromFunctionsError } from '../errors';
import type { ApiRequest, RouteTable } from '../routeTable';

export type StoryStatus = (typeof STORY_STATUSES)[number];

/** A user story as the board shows it (seed §3). */
export interface UserStory {
  id: string;
  title: string;
  description: string;
  submittedBy: string | null;
  status: StoryStatus;
  impact: number;
  confidence: number;
  ease: number;
  iceScore: number;
  upvoteCount: number;
  hasUpvoted: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UserStoryList {
  sessionToken: string | null;
  stories: UserStory[];
}

export interface SimilarStory {
  id: string;
  title: string;
  iceScore: number;
  status: StoryStatus;
}

export interface VoteResult {
  upvoteCount: number;
  hasUpvoted: boolean;
}

// Browser-held values (seed §3). The token identifies the anonymous voter; the server only keeps its hash.
const SESSION_TOKEN_KEY = 'classpulse.userStories.sessionToken';
const OWNER_FLAG_KEY = 'classpulse.userStories.owner';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the board still reads, voting asks for a session
  }
}

export function readSessionToken(): string | null {
  return storage()?.getItem(SESSION_TOKEN_KEY) || null;
}

function saveSessionToken(token: string): void {
  try {
    storage()?.setItem(SESSION_TOKEN_KEY, token);
  } catch {
    // quota or disabled storage: the next list call issues another token
  }
}

export function clearSessionToken(): void {
  storage()?.removeItem(SESSION_TOKEN_KEY);
}

export function readOwnerFlag(): boolean {
  return storage()?.getItem(OWNER_FLAG_KEY) === 'true';
}

function writeOwnerFlag(isOwner: boolean): void {
  try {
    if (isOwner) storage()?.setItem(OWNER_FLAG_KEY, 'true');
    else storage()?.removeItem(OWNER_FLAG_KEY);
  } catch {
    // nothing to do: the flag only reveals controls, the server decides
  }
}

/** One call to the user-stories edge function; non-2xx answers become ApiErrors. */
async function callFunction<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  subpath: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const { functions } = await dataClients();
  const { data, error } = await functions.invoke<T>(`user-stories${subpath}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
  });
  if (error) throw await fromFunctionsError(error);
  return data as T;
}

/** The token a request carries: the caller's header, else the one this browser holds. */
function tokenHeader(request: ApiRequest): Record<string, string> {
  const token = request.headers['x-session-token'] ?? readSessionToken();
  return token ? { 'x-session-token': token } : {};
}

/** The seed's owner header, still sent though the server decides by the signed-in account alone. */
function ownerHeader(request: ApiRequest): Record<string, string> {
  return { 'x-app-owner': request.headers['x-app-owner'] ?? String(readOwnerFlag()) };
}

function storyId(request: ApiRequest): string {
  return encodeURIComponent(request.params.id ?? '');
}

/**
 * GET /api/user-stories → { sessionToken, stories }. The server issues a token when none (or one it
 * never issued) is sent; the browser keeps whatever the server says is current. A null token means
 * the server could not issue one now (too many new sessions from this network) and does not know
 * the one sent: the board still shows, and a vote asks for a session ("Session Required").
 */
async function listStories(request: ApiRequest): Promise<UserStoryList> {
  const headers = tokenHeader(request);
  const result = await callFunction<UserStoryList>('GET', '', { headers });
  const sessionToken = result.sessionToken ?? null;
  if (sessionToken) {
    if (sessionToken !== readSessionToken()) saveSessionToken(sessionToken);
  } else if (headers['x-session-token'] && headers['x-session-token'] === readSessionToken()) {
    clearSessionToken();
  }
  return { sessionToken, stories: result.stories ?? [] };
}

/** The held token, or a freshly issued one: stories and votes need a token the server issued. */
async function ensureSessionToken(request: ApiRequest): Promise<Record<string, string>> {
  const held = tokenHeader(request);
  if (held['x-session-token']) return held;
  const { sessionToken } = await listStories(request);
  if (!sessionToken) throw new ApiError(401, 'Please submit a user story first to enable voting');
  return { 'x-session-token': sessionToken };
}

async function createStory(request: ApiRequest): Promise<UserStory> {
  return callFunction<UserStory>('POST', '', { body: request.body, headers: await ensureSessionToken(request) });
}

async function updateStory(request: ApiRequest): Promise<UserStory> {
  return callFunction<UserStory>('PUT', `/${storyId(request)}`, { body: request.body, headers: ownerHeader(request) });
}

async function deleteStory(request: ApiRequest): Promise<{ id: string; deleted: boolean }> {
  return callFunction('DELETE', `/${storyId(request)}`, { headers: ownerHeader(request) });
}

async function mergeStories(request: ApiRequest): Promise<UserStory> {
  return callFunction<UserStory>('POST', '/merge', { body: request.body, headers: ownerHeader(request) });
}

/** Votes need a token the browser already holds (seed §5): none → 401 with the seed's message. */
function vote(method: 'POST' | 'DELETE') {
  return async (request: ApiRequest): Promise<VoteResult> => {
    const headers = tokenHeader(request);
    if (!headers['x-session-token']) throw new ApiError(401, 'Please submit a user story first to enable voting');
    return callFunction<VoteResult>(method, `/${storyId(request)}/upvote`, { headers });
  };
}

/** GET /api/user-stories/similar?want= → up to five open stories resembling the typed want. */
async function similarStories({ query }: ApiRequest): Promise<SimilarStory[]> {
  const want = query.get('want')?.trim() ?? '';
  if (want.length < 3) return [];
  const { db } = await dataClients();
  return dataOrThrow<SimilarStory[]>(await db.rpc('similar_user_stories', { want, max_items: 5 }, { get: true }));
}

/**
 * GET /api/user-stories/owner → { isOwner } for the signed-in account (is_app_owner()), and keeps the
 * browser's owner flag in step: set for an owner, cleared for a signed-in non-owner. Anonymous
 * visitors get false and their flag is left as it is (it only reveals controls the server refuses).
 */
async function ownerStatus(): Promise<{ isOwner: boolean }> {
  if (!sessionMayExist()) return { isOwner: false };
  const { db } = await dataClients();
  const isOwner = dataOrThrow<boolean>(await db.rpc('is_app_owner', {}, { get: true })) === true;
  writeOwnerFlag(isOwner);
  return { isOwner };
}

export const userStoryRoutes: RouteTable = {
  'GET /api/user-stories': listStories,
  'POST /api/user-stories': createStory,
  'GET /api/user-stories/similar': similarStories,
  'GET /api/user-stories/owner': ownerStatus,
  'POST /api/user-stories/merge': mergeStories,
  'PUT /api/user-stories/:id': updateStory,
  'DELETE /api/user-stories/:id': deleteStory,
  'POST /api/user-stories/:id/upvote': vote('POST'),
  'DELETE /api/user-stories/:id/upvote': vote('DELETE'),
};
