import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiConfig } from '../../lib/config';
import { resolveClassToken } from './resolve-class-token';

vi.mock('../../lib/authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const ID = '3f1e2d3c-4b5a-4678-9abc-def012345678';

describe('GET /api/class-token/:token', () => {
  it('resolves the link, and an unknown one is the expired-link 404', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ sessionId: ID, courseId: ID }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(resolveClassToken('abc_DEF-123')).resolves.toEqual({ sessionId: ID, courseId: ID });
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${apiConfig.supabaseUrl}/rest/v1/rpc/resolve_class_token?token=abc_DEF-123`);

    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Response.json(null)),
    );
    await expect(resolveClassToken('gone')).rejects.toThrow('404: Session not found or expired. Please ask your professor for a new link.');
  });
});
