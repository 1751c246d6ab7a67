import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportSubmissions } from './export-submissions';
import { getSubmissions } from './get-submissions';

vi.mock('../../../lib/authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const COURSE = '3f1e2d3c-4b5a-4678-9abc-def012345678';

function row(index: number, createdAt: string) {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    course_id: COURSE,
    kind: 'quick',
    reviewed_at: null,
    hidden_at: null,
    created_at: createdAt,
    topic: `Topic ${index}`,
    confusion_text: 'Something was unclear here.',
    confusion_level: 'very',
    mind_after_session: null,
    unclear_parts: null,
    went_well: null,
    pace: null,
    challenge_level: null,
    clarity_rating: null,
    confidence_level: null,
    courses: { code: 'COSC 1337', name: 'Intro' },
  };
}

describe('professor routes', () => {
  it('GET /api/professor/submissions/export pages by keyset (created_at, id), not by offset', async () => {
    const first = Array.from({ length: 1000 }, (_, index) => row(2000 - index, '2026-11-21T10:00:00.123456+00:00'));
    const second = [row(7, '2026-11-21T10:00:00.123456+00:00'), row(3, '2026-11-20T09:00:00+00:00')];
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        urls.push(new URL(String(input)));
        return Response.json(urls.length === 1 ? first : second);
      }),
    );

    const rows = await exportSubmissions(COURSE);

    expect(rows.map((submission) => submission.id)).toEqual([...first, ...second].map((submission) => submission.id));
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url.pathname).toBe('/rest/v1/submissions');
      expect(url.searchParams.get('course_id')).toBe(`eq.${COURSE}`);
      expect(url.searchParams.get('order')).toBe('created_at.desc,id.desc');
      expect(url.searchParams.get('limit')).toBe('1000');
      expect(url.searchParams.has('offset')).toBe(false);
    }
    expect(urls[0]!.searchParams.has('or')).toBe(false);
    const last = first.at(-1)!;
    expect(urls[1]!.searchParams.get('or')).toBe(
      `(created_at.lt."${last.created_at}",and(created_at.eq."${last.created_at}",id.lt."${last.id}"))`,
    );
  });

  it('GET /api/professor/submissions reads the newest `limit` rows in one request', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json([row(1, '2026-11-21T10:00:00+00:00')]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getSubmissions(undefined, 10)).resolves.toHaveLength(1);
    const url = new URL(String(fetchMock.mock.calls[0]![0]));
    expect(url.searchParams.get('limit')).toBe('10');
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.desc');
  });
});
