import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAuthClient } from '../../lib/authClient';
import { apiConfig } from '../../lib/config';
import { createSubmission } from './create-submission';
import { getCurrentUser } from './current-user';
import { getCourse } from './get-course';
import { getCourses } from './get-courses';
import { getOwnSubmission } from './get-own-submission';
import { updateOwnSubmission } from './update-own-submission';

vi.mock('../../lib/authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function stubFetch(respond: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => respond(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ID = '3f1e2d3c-4b5a-4678-9abc-def012345678';

describe('GET /api/courses', () => {
  it('reads the current courses from PostgREST ordered by code and section, with the anon key', async () => {
    const rows = [{ id: '1', code: 'COSC 1337', name: 'Introduction to Programming', section: '002', term: 'Fall 2026', ended_at: null }];
    const fetchMock = stubFetch(() => Response.json(rows));

    await expect(getCourses()).resolves.toEqual([
      { id: '1', code: 'COSC 1337', name: 'Introduction to Programming', section: '002', term: 'Fall 2026', endedAt: null },
    ]);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(
      `${apiConfig.supabaseUrl}/rest/v1/courses?select=id%2Ccode%2Cname%2Csection%2Cterm%2Cended_at&ended_at=is.null&order=code.asc%2Csection.asc.nullsfirst`,
    );
    const headers = new Headers(init?.headers);
    expect(headers.get('apikey')).toBe(apiConfig.supabaseAnonKey);
    expect(headers.get('authorization')).toBe(`Bearer ${apiConfig.supabaseAnonKey}`);
  });

  it('turns PostgREST errors and network failures into "{status}: {message}"', async () => {
    stubFetch(() => Response.json({ message: 'permission denied for table courses', code: '42501' }, { status: 401 }));
    await expect(getCourses()).rejects.toThrow('401: permission denied for table courses');

    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(getCourses()).rejects.toThrow('0: Failed to fetch');
  });
});

describe('GET /api/courses/:id', () => {
  it('reads one course; a miss or a malformed id is "404: Course not found"', async () => {
    const fetchMock = stubFetch(() =>
      Response.json({ id: ID, code: 'COSC 1337', name: 'Intro', section: null, term: 'Fall 2026', ended_at: null }),
    );
    await expect(getCourse(ID)).resolves.toEqual({
      id: ID,
      code: 'COSC 1337',
      name: 'Intro',
      section: null,
      term: 'Fall 2026',
      endedAt: null,
    });
    expect(String(fetchMock.mock.calls[0]![0])).toContain(
      `/rest/v1/courses?select=id%2Ccode%2Cname%2Csection%2Cterm%2Cended_at&id=eq.${ID}`,
    );

    stubFetch(() => new Response(null, { status: 406 }));
    await expect(getCourse(ID)).rejects.toThrow();
    await expect(getCourse('nope')).rejects.toThrow('404: Course not found');
  });
});

describe('GET /api/auth/user', () => {
  it('is null without a session cookie and never loads the auth client', async () => {
    await expect(getCurrentUser()).resolves.toBeNull();
    expect(loadAuthClient).not.toHaveBeenCalled();
  });
});

describe('student submissions', () => {
  it("POST /api/submissions sends the body and this browser's device id to the submissions function", async () => {
    vi.stubGlobal('localStorage', { getItem: () => 'device-1', setItem: vi.fn() });
    const fetchMock = stubFetch(() => Response.json({ id: ID, editToken: `${ID}.s`, sessionId: ID }, { status: 201 }));
    await createSubmission({ courseId: ID });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${apiConfig.supabaseUrl}/functions/v1/submissions`);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('x-device-id')).toBe('device-1');
    expect(JSON.parse(String(init?.body))).toEqual({ courseId: ID });
  });

  it('GET and PUT /api/submissions/:id carry the edit token; without one nothing is asked', async () => {
    const fetchMock = stubFetch(() => Response.json({ id: ID, kind: 'quick' }));
    await getOwnSubmission(`${ID}.secret`);
    await updateOwnSubmission({ editToken: `${ID}.secret`, content: { topic: 't' } });
    for (const [url, init] of fetchMock.mock.calls) {
      expect(String(url)).toBe(`${apiConfig.supabaseUrl}/functions/v1/submissions/${ID}`);
      expect(new Headers(init?.headers).get('x-edit-token')).toBe(`${ID}.secret`);
    }
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['GET', 'PUT']);

    await expect(getOwnSubmission('')).rejects.toThrow('404: Submission not found');
    await expect(getOwnSubmission('not-a-uuid.secret')).rejects.toThrow('404: Submission not found');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('edge-function refusals keep their message and status', async () => {
    stubFetch(() => Response.json({ error: 'Submission not found' }, { status: 404 }));
    await expect(getOwnSubmission(`${ID}.x`)).rejects.toThrow('404: Submission not found');
  });
});
