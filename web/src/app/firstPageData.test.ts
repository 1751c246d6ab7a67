import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../lib/queryKeys';
import { prefetchFirstPageData } from './firstPageData';
import { createQueryClient } from './queryClient';

vi.mock('../lib/authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const COURSE = '3f1e2d3c-4b5a-4678-9abc-def012345678';
const SESSION = '9a8b7c6d-5e4f-4321-8fed-cba987654321';

/** Every request the prefetch sends, answered with an empty body; resolves once `count` were sent. */
async function requestsFor(path: string, search: string, count: number) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => (urls.push(String(input)), Response.json(null))),
  );
  const client = createQueryClient();
  prefetchFirstPageData(client, { pathname: path, search });
  await vi.waitFor(() => expect(urls).toHaveLength(count));
  return { client, paths: urls.map((url) => new URL(url).pathname).sort() };
}

describe('prefetchFirstPageData', () => {
  it("asks for a course page's course, timeline and notes under the keys the page reads", async () => {
    const { client, paths } = await requestsFor(`/courses/${COURSE}`, '', 3);
    expect(paths).toEqual(['/rest/v1/courses', '/rest/v1/rpc/course_notes', '/rest/v1/rpc/course_timeline']);
    const keys = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([queryKeys.courses.detail(COURSE), queryKeys.submissions.timeline(COURSE), queryKeys.notes.course(COURSE)]),
    );
  });

  it('asks for the class session only when sessionId is a stored session, not a date', async () => {
    const byDate = await requestsFor('/class-session', `?courseId=${COURSE}&sessionId=2026-11-25`, 3);
    expect(byDate.paths).toEqual(['/rest/v1/courses', '/rest/v1/courses', '/rest/v1/rpc/course_notes']);
    const byId = await requestsFor('/class-session', `?courseId=${COURSE}&sessionId=${SESSION}`, 4);
    expect(byId.paths).toContain('/rest/v1/rpc/get_class_session');
  });

  it('asks for nothing on a page without data, and only the course list on /submit', async () => {
    const landing = createQueryClient();
    prefetchFirstPageData(landing, { pathname: '/', search: '?error=x' });
    prefetchFirstPageData(landing, { pathname: '/course-search', search: '' });
    expect(landing.getQueryCache().getAll()).toHaveLength(0);
    const { paths } = await requestsFor('/submit', '', 1);
    expect(paths).toEqual(['/rest/v1/courses']);
  });

  it('asks for the board on /user-stories, prerendered too', async () => {
    const { client, paths } = await requestsFor('/user-stories', '', 1);
    expect(paths).toEqual(['/functions/v1/user-stories']);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([queryKeys.userStories.all]);
  });
});
