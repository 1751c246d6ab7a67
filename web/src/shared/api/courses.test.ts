import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiConfig } from '../../lib/config';
import { getCourseTimeline } from './get-course-timeline';
import { searchCourses } from './search-courses';

vi.mock('../../lib/authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

function stubFetch(body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json(body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ID = '3f1e2d3c-4b5a-4678-9abc-def012345678';

describe('course endpoints', () => {
  it('GET /api/courses?code= calls search_courses with the trimmed code', async () => {
    const fetchMock = stubFetch([]);
    await searchCourses(' cosc1337 ');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${apiConfig.supabaseUrl}/rest/v1/rpc/search_courses?code=cosc1337`);
  });

  it('GET /api/submissions?courseId= is the public timeline (course_timeline)', async () => {
    const timeline = { total: 1, thisWeek: 1, items: [] };
    const fetchMock = stubFetch(timeline);
    await expect(getCourseTimeline(ID)).resolves.toEqual(timeline);
    expect(String(fetchMock.mock.calls[0]![0])).toContain(`/rest/v1/rpc/course_timeline?course_id=${ID}&max_items=100`);
    await expect(getCourseTimeline('nope')).rejects.toThrow('404: Course not found');
  });
});
