import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiConfig } from '../config';
import { apiRequest } from '../request';

vi.mock('../authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function stubFetch(respond: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => respond(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ID = '3f1e2d3c-4b5a-4678-9abc-def012345678';

describe('student routes', () => {
  it('GET /api/courses/:id reads one course; a miss or a malformed id is "404: Course not found"', async () => {
    const fetchMock = stubFetch(() => Response.json({ id: ID, code: 'COSC 1337', name: 'Intro' }));
    await expect(apiRequest('GET', `/api/courses/${ID}`)).resolves.toEqual({ id: ID, code: 'COSC 1337', name: 'Intro' });
    expect(String(fetchMock.mock.calls[0]![0])).toContain(`/rest/v1/courses?select=id%2Ccode%2Cname&id=eq.${ID}`);

    stubFetch(() => new Response(null, { status: 406 }));
    await expect(apiRequest('GET', `/api/courses/${ID}`)).rejects.toThrow();
    await expect(apiRequest('GET', '/api/courses/nope')).rejects.toThrow('404: Course not found');
  });

  it('GET /api/class-token/:token resolves the link, and an unknown one is the expired-link 404', async () => {
    const fetchMock = stubFetch(() => Response.json({ sessionId: ID, courseId: ID }));
    await expect(apiRequest('GET', '/api/class-token/abc_DEF-123')).resolves.toEqual({ sessionId: ID, courseId: ID });
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${apiConfig.supabaseUrl}/rest/v1/rpc/resolve_class_token?token=abc_DEF-123`);

    stubFetch(() => Response.json(null));
    await expect(apiRequest('GET', '/api/class-token/gone')).rejects.toThrow(
      '404: Session not found or expired. Please ask your professor for a new link.',
    );
  });

  it('GET /api/submissions?courseId= is the public timeline (course_timeline)', async () => {
    const timeline = { total: 1, thisWeek: 1, items: [] };
    const fetchMock = stubFetch(() => Response.json(timeline));
    await expect(apiRequest('GET', `/api/submissions?courseId=${ID}`)).resolves.toEqual(timeline);
    expect(String(fetchMock.mock.calls[0]![0])).toContain(`/rest/v1/rpc/course_timeline?course_id=${ID}&max_items=100`);
  });

  it('POST /api/submissions sends the body and this browser\'s device id to the submissions function', async () => {
    vi.stubGlobal('localStorage', { getItem: () => 'device-1', setItem: vi.fn() });
    const fetchMock = stubFetch(() => Response.json({ id: ID, editToken: `${ID}.s`, sessionId: ID }, { status: 201 }));
    await apiRequest('POST', '/api/submissions', { courseId: ID });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${apiConfig.supabaseUrl}/functions/v1/submissions`);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('x-device-id')).toBe('device-1');
    expect(JSON.parse(String(init?.body))).toEqual({ courseId: ID });
  });

  it('GET and PUT /api/submissions/:id carry the edit token; without one nothing is asked', async () => {
    const fetchMock = stubFetch(() => Response.json({ id: ID, kind: 'quick' }));
    await apiRequest('GET', `/api/submissions/${ID}`, undefined, { 'x-edit-token': `${ID}.secret` });
    await apiRequest('PUT', `/api/submissions/${ID}`, { topic: 't' }, { 'x-edit-token': `${ID}.secret` });
    for (const [url, init] of fetchMock.mock.calls) {
      expect(String(url)).toBe(`${apiConfig.supabaseUrl}/functions/v1/submissions/${ID}`);
      expect(new Headers(init?.headers).get('x-edit-token')).toBe(`${ID}.secret`);
    }
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['GET', 'PUT']);

    await expect(apiRequest('GET', `/api/submissions/${ID}`)).rejects.toThrow('404: Submission not found');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('edge-function refusals keep their message and status', async () => {
    stubFetch(() => Response.json({ error: 'Submission not found' }, { status: 404 }));
    await expect(apiRequest('GET', `/api/submissions/${ID}`, undefined, { 'x-edit-token': 'x' })).rejects.toThrow(
      '404: Submission not found',
    );
  });
});
