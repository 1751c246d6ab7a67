// Session Insights from the sessions the façade is given (no stack): each session's means, its pace
// and challenge charts' values (their text alternative), its most mentioned terms and shared
// confusion; a protected session's counts only; and the loading, empty and failed states.
import { within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedConfusion } from '../../shared/api/get-shared-confusion';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import type { ProtectedSessionInsight, SessionInsight, ShownSessionInsight } from './api/get-session-insights';

interface InsightsRead {
  data?: SessionInsight[];
  isLoading?: boolean;
  isError?: boolean;
  isSuccess?: boolean;
}
const read = vi.hoisted(() => ({ current: {} as InsightsRead }));
const shared = vi.hoisted(() => ({ bySession: {} as Record<string, SharedConfusion> }));

vi.mock('./api/get-session-insights', async (original) => ({
  ...(await original<object>()),
  useSessionInsights: () => ({ isLoading: false, isError: false, isSuccess: false, ...read.current }),
}));
vi.mock('../../shared/api/get-shared-confusion', async (original) => ({
  ...(await original<object>()),
  useSharedConfusion: (_courseId: string, { sessionId }: { sessionId: string }) => ({ data: shared.bySession[sessionId] }),
}));

const { SessionInsights } = await import('./SessionInsights');

const base = { courseId: 'c1', courseCode: 'CS 101', minResponses: 5 };
const SHOWN: ShownSessionInsight = {
  ...base,
  sessionId: 's1',
  sessionDate: '2026-09-14',
  topic: 'Recursion',
  count: 6,
  sessionFeedbackCount: 4,
  protected: false,
  meanClarity: 4.567,
  meanConfidence: 62.5,
  pace: { too_slow: 0, slightly_slow: 1, just_right: 2, slightly_fast: 1, too_fast: 0 },
  challenge: { far_too_easy: 0, slightly_easy: 0, challenging_manageable: 3, slightly_hard: 1, far_too_hard: 0 },
  difficulty: { slightly: 1, very: 1, completely: 0 },
  topTerms: [{ term: 'stack', count: 3 }],
};
const QUICK_ONLY: ShownSessionInsight = {
  ...SHOWN,
  sessionId: 's2',
  sessionDate: '2026-09-11',
  topic: null,
  count: 5,
  sessionFeedbackCount: 0,
  difficulty: { slightly: 2, very: 2, completely: 1 },
  topTerms: [],
};
const PROTECTED: ProtectedSessionInsight = {
  ...base,
  sessionId: 's3',
  sessionDate: '2026-09-09',
  topic: 'Sorting',
  count: 1,
  sessionFeedbackCount: 1,
  protected: true,
  meanClarity: null,
  meanConfidence: null,
  pace: null,
  challenge: null,
  difficulty: null,
  topTerms: [],
};
const GROUP = {
  id: 'g1',
  students: 3,
  texts: 2,
  top: { id: 't1', kind: 'session' as const, text: 'The base case', students: 2 },
  others: [],
};

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  read.current = { data: [SHOWN, QUICK_ONLY, PROTECTED], isSuccess: true };
  shared.bySession = { s1: { sessionId: 's1', texts: 2, students: 3, pending: 0, groups: [GROUP] } };
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
});

const show = async () => ({ unmount } = await renderInApp(<SessionInsights courseId="c1" />));
const card = (heading: string) => screen.getByRole('heading', { level: 3, name: heading }).closest('article')!;

describe('SessionInsights', () => {
  it('shows a session’s count, means, chart values, most mentioned terms and shared confusion', async () => {
    await show();
    const session = within(card('CS 101 · Mon, Sep 14'));
    expect(session.getByText('Recursion · 6 submissions')).toBeTruthy();
    expect(session.getByText('Mean clarity:', { exact: false }).textContent).toBe('Mean clarity: 4.57 / 7');
    expect(session.getByText('Mean confidence:', { exact: false }).textContent).toBe('Mean confidence: 62.5%');
    expect(session.getByRole('img', { name: /^Pace/ }).getAttribute('aria-label')).toBe(
      'Pace: Too slow 0, Slightly slow 1, Just right 2, Slightly fast 1, Too fast 0',
    );
    expect(session.getByRole('img', { name: /^Challenge/ }).getAttribute('aria-label')).toBe(
      'Challenge: Far too easy 0, Slightly easy 0, Manageable 3, Slightly hard 1, Far too hard 0',
    );
    expect(session.getByText('stack (3)')).toBeTruthy();
    expect(session.getByText('Most shared confusion')).toBeTruthy();
    expect(session.getByText('The base case')).toBeTruthy();
    expect(session.getByText('3 students')).toBeTruthy();
  });

  it('shows the difficulty counts of a session with quick feedback only, and no charts', async () => {
    await show();
    const session = within(card('CS 101 · Fri, Sep 11'));
    expect(session.getByText('No topic set · 5 submissions')).toBeTruthy();
    expect(session.getByText('Slightly confused: 2 · Very confused: 2 · Completely lost: 1')).toBeTruthy();
    expect(session.queryByRole('img')).toBeNull();
    expect(session.queryByText('Most mentioned in what was unclear')).toBeNull();
    expect(session.queryByText('Most shared confusion')).toBeNull();
  });

  it('shows a session below its minimum of responses with its count only', async () => {
    await show();
    const session = within(card('CS 101 · Wed, Sep 9'));
    expect(session.getByText('Sorting · 1 submission')).toBeTruthy();
    expect(session.getByText('Shown from 5 responses, to protect anonymity')).toBeTruthy();
    expect(session.queryByText('Mean clarity:', { exact: false })).toBeNull();
    expect(session.queryByRole('img')).toBeNull();
  });

  it('says so when no session had feedback in the last 30 days', async () => {
    read.current = { data: [], isSuccess: true };
    await show();
    expect(screen.getByText('No session feedback in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('is announced as loading while it loads', async () => {
    read.current = { isLoading: true };
    await show();
    expect(screen.getByRole('status', { name: 'Loading session insights' })).toBeTruthy();
  });

  it('says "Unable to load session insights" when the read failed', async () => {
    read.current = { isError: true };
    await show();
    expect(screen.getByText('Unable to load session insights')).toBeTruthy();
    expect(screen.queryByText('No session feedback in the last 30 days.')).toBeNull();
  });
});
