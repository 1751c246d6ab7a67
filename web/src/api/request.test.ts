import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAuthClient } from './authClient';
import { apiConfig } from './config';
import { apiQueryFn, apiRequest } from './request';

vi.mock('./authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('answers 404 for a path no route serves', async () => {
    await expect(apiRequest('GET', '/api/nope')).rejects.toThrow('404: No /api route for GET /api/nope');
  });

  it('GET /api/courses reads id, code, name from PostgREST ordered by code, with the anon key', async () => {
    const rows = [{ id: '1', code: 'COSC 1337', name: 'Introduction to Programming' }];
    const fetchMock = stubFetch(async () => Response.json(rows));

    await expect(apiRequest('GET', '/api/courses')).resolves.toEqual(rows);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${apiConfig.supabaseUrl}/rest/v1/courses?select=id%2Ccode%2Cname&order=code.asc`);
    const headers = new Headers(init?.headers);
    expect(headers.get('apikey')).toBe(apiConfig.supabaseAnonKey);
    expect(headers.get('authorization')).toBe(`Bearer ${apiConfig.supabaseAnonKey}`);
  });

  it('GET /api/courses?code= calls search_courses', async () => {
    const fetchMock = stubFetch(async () => Response.json([]));
    await apiRequest('GET', '/api/courses?code=%20cosc1337%20');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${apiConfig.supabaseUrl}/rest/v1/rpc/search_courses?code=cosc1337`);
  });

  it('turns PostgREST errors and network failures into "{status}: {message}"', async () => {
    stubFetch(async () => Response.json({ message: 'permission denied for table courses', code: '42501' }, { status: 401 }));
    await expect(apiRequest('GET', '/api/courses')).rejects.toThrow('401: permission denied for table courses');

    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('GET', '/api/courses')).rejects.toThrow('0: Failed to fetch');
  });

  it('GET /api/auth/user is null without a session cookie and never loads the auth client', async () => {
    await expect(apiRequest('GET', '/api/auth/user')).resolves.toBeNull();
    expect(loadAuthClient).not.toHaveBeenCalled();
  });
});

describe('apiQueryFn', () => {
  it('fetches the path its query key spells', async () => {
    const fetchMock = stubFetch(async () => Response.json([]));
    await apiQueryFn({ queryKey: ['/api/courses', { code: 'MATH 2413' }] } as never);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/rest/v1/rpc/search_courses?code=MATH+2413');
  });
});
