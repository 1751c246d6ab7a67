import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiConfig } from '../../lib/config';
import { queryKeyToPath, queryKeys } from '../../lib/queryKeys';
import { getPeerConfusion, setMeToo, withMeToo } from './me-too';

vi.mock('../../lib/authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const COURSE = '3f1e2d3c-4b5a-4678-9abc-def012345678';
const TEXT = '9a8b7c6d-5e4f-4321-8765-0fedcba98765';
const TOKEN = `${TEXT}.secret-of-at-least-sixteen-characters`;

describe('/api/submissions/me-too', () => {
  it('GET sends the device id and the edit token held, and keys the list by course and session', async () => {
    const answer = { enabled: true, sessionId: COURSE, items: [] };
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(answer));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getPeerConfusion(COURSE, '2026-11-25', TOKEN)).resolves.toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${apiConfig.supabaseUrl}/functions/v1/submissions/me-too?courseId=${COURSE}&sessionId=2026-11-25`);
    const headers = new Headers(init?.headers);
    expect(headers.get('x-device-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('x-edit-token')).toBe(TOKEN);
    expect(queryKeyToPath(queryKeys.submissions.meToo(COURSE, '2026-11-25'))).toBe(
      `/api/submissions/me-too?courseId=${COURSE}&sessionId=2026-11-25`,
    );
  });

  it('POST sends the wanted state; a refusal becomes "{status}: {message}"', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ submissionId: TEXT, meToo: true, meToos: 4 }));
    vi.stubGlobal('fetch', fetchMock);
    const request = { courseId: COURSE, sessionId: '2026-11-25', submissionId: TEXT, meToo: true };
    await expect(setMeToo(request)).resolves.toEqual({ submissionId: TEXT, meToo: true, meToos: 4 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(request);
    expect(new Headers(init?.headers).get('x-edit-token')).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Response.json({ error: 'This feedback was not found.', code: 'me_too_not_found' }, { status: 404 })),
    );
    await expect(setMeToo(request)).rejects.toThrow('404: This feedback was not found.');
  });
});

describe('a "me too" answer', () => {
  it('changes only its own text of the list', () => {
    const other = { id: COURSE, text: 'Other', meToos: 2, meToo: false, own: false };
    const list = { enabled: true, sessionId: null, items: [{ id: TEXT, text: 'Base cases', meToos: 0, meToo: false, own: false }, other] };
    expect(withMeToo(list, { submissionId: TEXT, meToo: true, meToos: 1 }).items).toEqual([
      { id: TEXT, text: 'Base cases', meToos: 1, meToo: true, own: false },
      other,
    ]);
  });
});
