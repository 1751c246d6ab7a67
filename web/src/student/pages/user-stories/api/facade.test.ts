import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dataClients, sessionMayExist } from '../../../../lib/clients';
import { invokeFunction } from '../../../../lib/invoke';
import { aStory } from '../storyFixtures';
import { keepSessionToken, ownerHeader, readOwnerFlag, readSessionToken, saveSessionToken, writeOwnerFlag } from './browser-state';
import { createUserStory } from './create-user-story';
import { deleteUserStory } from './delete-user-story';
import { getOwnerStatus } from './get-owner-status';
import { getSimilarStories } from './get-similar-stories';
import { getUserStories } from './get-user-stories';
import { mergeUserStories } from './merge-user-stories';
import { toggleVote } from './toggle-vote';
import { updateUserStory } from './update-user-story';

vi.mock('../../../../lib/invoke', () => ({ invokeFunction: vi.fn() }));
vi.mock('../../../../lib/clients', () => ({ dataClients: vi.fn(), sessionMayExist: vi.fn() }));

const invoke = vi.mocked(invokeFunction);
const story = {
  title: 'As a student, I want to x',
  description: 'As a student, I want to x, so that y.',
  submittedBy: null,
  impact: 5,
  confidence: 5,
  ease: 5,
};

function rpcAnswering(data: unknown) {
  const rpc = vi.fn().mockResolvedValue({ data, error: null, status: 200 });
  vi.mocked(dataClients).mockResolvedValue({ db: { rpc }, functions: {} } as never);
  return rpc;
}

beforeEach(() => vi.resetAllMocks());

describe('the board’s façade', () => {
  it('reads the board with the held token, keeping the token the server answers with', async () => {
    invoke.mockResolvedValueOnce({ sessionToken: 'issued', stories: [] });
    expect(await getUserStories()).toEqual({ sessionToken: 'issued', stories: [] });
    expect(invoke).toHaveBeenLastCalledWith('GET', 'user-stories', { headers: {} });
    expect(readSessionToken()).toBe('issued');

    invoke.mockResolvedValueOnce({ sessionToken: 'replaced', stories: [aStory()] });
    await getUserStories();
    expect(invoke).toHaveBeenLastCalledWith('GET', 'user-stories', { headers: { 'x-session-token': 'issued' } });
    expect(readSessionToken()).toBe('replaced');

    // Too many new sessions from this network: the board shows, and the unknown token is dropped.
    invoke.mockResolvedValueOnce({ sessionToken: null, stories: [] });
    expect((await getUserStories()).sessionToken).toBeNull();
    expect(readSessionToken()).toBeNull();
  });

  it('keeps a held token that a later answer does not mention only when it was not the one sent', () => {
    saveSessionToken('held');
    keepSessionToken('older', null);
    expect(readSessionToken()).toBe('held');
  });

  it('posts a story with the held token, or fetches one first', async () => {
    invoke.mockResolvedValueOnce({ sessionToken: 'fresh', stories: [] }).mockResolvedValueOnce(aStory());
    await createUserStory(story);
    expect(invoke).toHaveBeenLastCalledWith('POST', 'user-stories', { body: story, headers: { 'x-session-token': 'fresh' } });

    invoke.mockResolvedValueOnce({ sessionToken: null, stories: [] });
    localStorage.clear();
    await expect(createUserStory(story)).rejects.toMatchObject({ status: 401 });
  });

  it('sends no vote without a token, and adds or takes back one with it', async () => {
    const unvoted = aStory({ id: 's 1' });
    await expect(toggleVote({ story: unvoted })).rejects.toMatchObject({ status: 401 });
    expect(invoke).not.toHaveBeenCalled();
    saveSessionToken('t');
    await toggleVote({ story: unvoted });
    expect(invoke).toHaveBeenLastCalledWith('POST', 'user-stories/s%201/upvote', { headers: { 'x-session-token': 't' } });
    await toggleVote({ story: { ...unvoted, hasUpvoted: true } });
    expect(invoke).toHaveBeenLastCalledWith('DELETE', 'user-stories/s%201/upvote', { headers: { 'x-session-token': 't' } });
  });

  it('sends the owner flag as x-app-owner with every owner call', async () => {
    expect(ownerHeader()).toEqual({ 'x-app-owner': 'false' });
    writeOwnerFlag(true);
    await updateUserStory({ id: 's1', changes: { status: 'done' } });
    expect(invoke).toHaveBeenLastCalledWith('PUT', 'user-stories/s1', { body: { status: 'done' }, headers: { 'x-app-owner': 'true' } });
    await deleteUserStory('s1');
    expect(invoke).toHaveBeenLastCalledWith('DELETE', 'user-stories/s1', { headers: { 'x-app-owner': 'true' } });
    await mergeUserStories({ keepId: 'a', mergeId: 'b' });
    expect(invoke).toHaveBeenLastCalledWith('POST', 'user-stories/merge', {
      body: { keepId: 'a', mergeId: 'b' },
      headers: { 'x-app-owner': 'true' },
    });
  });

  it('asks about ownership only with a session, keeping the flag in step with the answer', async () => {
    writeOwnerFlag(true);
    vi.mocked(sessionMayExist).mockReturnValue(false);
    expect(await getOwnerStatus()).toEqual({ isOwner: false });
    expect(dataClients).not.toHaveBeenCalled();
    expect(readOwnerFlag()).toBe(true);

    vi.mocked(sessionMayExist).mockReturnValue(true);
    rpcAnswering(false);
    expect(await getOwnerStatus()).toEqual({ isOwner: false });
    expect(readOwnerFlag()).toBe(false);
    rpcAnswering(true);
    await getOwnerStatus();
    expect(readOwnerFlag()).toBe(true);
  });

  it('looks similar stories up from three characters of the want', async () => {
    const rpc = rpcAnswering([{ id: 'a', title: 'T', iceScore: 3, status: 'done' }]);
    expect(await getSimilarStories(' ab ')).toEqual([]);
    expect(rpc).not.toHaveBeenCalled();
    expect(await getSimilarStories(' export ')).toHaveLength(1);
    expect(rpc).toHaveBeenCalledWith('similar_user_stories', { want: 'export', max_items: 5 }, { get: true });
  });
});
