// The live view, its snapshot given by the test (no stack) through the real query and its real
// poll, on fake timers: the figures, the confusion alarm as each answer says it and gone at the next
// answer that says otherwise, and what a TA does not get. Whether the alarm is on is live_session's
// sum (at least 5 responses in the last 10 minutes, 30 % of them lost, by default), tested against
// the database in supabase/tests/live.test.ts; the page shows its `active` as it comes.
import { within } from '@testing-library/dom';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import type { TeamRole } from '../../shared/api/get-my-courses';
import { expectNoSeriousA11yViolations } from '../../test/axe';
import { renderInApp, screen } from '../../test/renderInApp';
import { NO_PACE, QUIET, liveSnapshot } from '../../test/liveSnapshot';
import type { LiveSnapshot } from './api/get-live-session';

const answer = vi.hoisted(() => ({ current: undefined as LiveSnapshot | Error | undefined, polls: 0 }));
const course = vi.hoisted(() => ({ role: 'owner' as TeamRole, section: null as string | null }));

vi.mock('./api/get-live-session', async (original) => {
  const actual = await original<typeof import('./api/get-live-session')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...actual,
    // The page's own query and poll interval; only the server's answer is the test's.
    useLiveSession: (courseId: string, options?: { inBackground?: boolean }) =>
      useQuery({
        ...actual.liveSessionQueryOptions(courseId, options),
        queryFn: async () => {
          answer.polls += 1;
          if (answer.current instanceof Error) throw answer.current;
          return answer.current!;
        },
      }),
  };
});
vi.mock('../../shared/api/get-course', async (original) => ({
  ...(await original<object>()),
  useCourse: () => ({ data: { id: 'c1', code: 'CS 101', name: 'Programming', section: course.section, term: 'Fall 2026', endedAt: null } }),
}));
vi.mock('../../shared/api/get-my-courses', async (original) => ({
  ...(await original<object>()),
  useMyCourses: () => ({ data: [{ id: 'c1', role: course.role }] }),
}));
vi.mock('../../shared/api/get-shared-confusion', async (original) => ({
  ...(await original<object>()),
  useSharedConfusion: () => ({ data: { sessionId: 's1', texts: 0, students: 0, pending: 0, groups: [] }, isPending: false }),
}));
vi.mock('../../shared/api/get-course-notes', async (original) => ({
  ...(await original<object>()),
  useCourseNotes: () => ({ data: [] }),
}));
vi.mock('../../shared/api/get-follow-up-check', async (original) => ({
  ...(await original<object>()),
  useFollowUpCheck: () => ({ data: null }),
}));

const { LiveViewPage } = await import('./LiveViewPage');

/**
 * Moves the page's clock (its polls with it) and lets React render what came. An answer renders a
 * millisecond after its poll (the query's notification, a zero timeout set inside a timer, runs
 * on the next tick), so a poll is checked a little after the second it is due.
 */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(course, { role: 'owner', section: null });
  answer.current = liveSnapshot();
});
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

/** The tab goes behind the slides. */
function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

async function show() {
  ({ unmount } = await renderInApp(
    <MemoryRouter initialEntries={['/professor/live/c1']}>
      <Routes>
        <Route path="/professor/live/:courseId" element={<LiveViewPage />} />
      </Routes>
    </MemoryRouter>,
  ));
  await pass(0);
}

/** The value under a figure's label, as it reads. */
const figure = (label: string) =>
  within(screen.getByRole('group', { name: 'Live figures' })).getByText(label).nextElementSibling?.textContent;
const alarm = () => screen.queryAllByRole('alert').find((element) => element.textContent?.includes('Many students are lost right now'));
const rows = (chart: string) =>
  within(screen.getByRole('region', { name: chart }))
    .queryAllByRole('listitem')
    .map((row) => row.textContent);

describe('LiveViewPage', () => {
  it('shows the figures of the answer: responses, averages, quick reports and each distribution', async () => {
    answer.current = liveSnapshot({
      responses: 17,
      quickCount: 4,
      sessionCount: 13,
      meanClarity: 4.46,
      meanConfidence: 61.6,
      pace: { ...NO_PACE, just_right: 9, slightly_fast: 4 },
    });
    await show();
    expect(figure('Responses')).toBe('17 responses');
    expect(figure('Average clarity')).toBe('4.5 of 7');
    expect(figure('Average confidence')).toBe('62%');
    expect(figure('Quick reports')).toBe('4');
    expect(rows('Pace')).toEqual(['Too slow0', 'Slightly slow0', 'Just right9', 'Slightly fast4', 'Too fast0']);
    expect(rows('Quick reports by difficulty')).toEqual(['Slightly confused0', 'Very confused0', 'Completely lost4']);
    expect(within(screen.getByRole('region', { name: 'Challenge' })).getByText('No answers yet')).toBeTruthy();
  });

  it('shows a dash for averages with no session feedback, and one response as one', async () => {
    answer.current = liveSnapshot({ responses: 1, quickCount: 1 });
    await show();
    expect(figure('Responses')).toBe('1 response');
    expect(figure('Average clarity')).toBe('–');
    expect(figure('Average confidence')).toBe('–');
  });

  it('takes each new answer at the next poll, a second later, without a reload', async () => {
    await show();
    expect(figure('Responses')).toBe('4 responses');
    answer.current = liveSnapshot({ responses: 5, quickCount: 5 });
    await pass(900);
    expect(figure('Responses')).toBe('4 responses');
    await pass(150);
    expect(figure('Responses')).toBe('5 responses');
  });

  it('shows the alarm while the answer says it is on, with its figures, and clears it at the next that says it is off', async () => {
    // Four lost of four: under the minimum of five, so live_session says off, and the page shows none.
    await show();
    expect(alarm()).toBeUndefined();

    answer.current = liveSnapshot({ responses: 5, alarm: { ...QUIET, active: true, recent: 5, lost: 5 } });
    await pass(1050);
    expect(alarm()?.textContent).toBe(
      'Many students are lost right now5 of the 5 responses of the last 10 minutes are completely lost or rate clarity 1–2.',
    );

    // Twelve clear ones after: 5 lost of 17 is 29 %, under 30 %.
    answer.current = liveSnapshot({ responses: 17, alarm: { ...QUIET, active: false, recent: 17, lost: 5, share: 0.294 } });
    await pass(1000);
    expect(alarm()).toBeUndefined();
  });

  it('notifies once when the alarm rises while the page is hidden, where it asks every 5 s', async () => {
    const notified = vi.fn();
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(title: string, options: NotificationOptions) {
          notified(title, options);
        }
        close() {}
      },
    );
    await show();
    hide();
    answer.current = liveSnapshot({ responses: 5, alarm: { ...QUIET, active: true, recent: 5, lost: 5 } });
    await pass(1050);
    expect(notified.mock.calls).toEqual([['Many students are lost right now', { body: 'CS 101 · Live View', tag: 'classpulse-alarm-c1' }]]);

    // Still on at the next answers, even as the course's line changes: nothing more. Hidden, the
    // page asks every 5 s, not every second.
    const polls = answer.polls;
    course.section = '002';
    answer.current = liveSnapshot({ responses: 6, alarm: { ...QUIET, active: true, recent: 6, lost: 6 } });
    await pass(4900);
    expect(answer.polls).toBe(polls);
    await pass(100);
    expect(answer.polls).toBe(polls + 1);
    expect(notified).toHaveBeenCalledTimes(1);

    // Off, then on again: a new rise, a new notification.
    answer.current = liveSnapshot({ responses: 17, alarm: { ...QUIET, recent: 17, lost: 5 } });
    await pass(5000);
    answer.current = liveSnapshot({ responses: 20, alarm: { ...QUIET, active: true, recent: 20, lost: 8 } });
    await pass(5000);
    expect(notified).toHaveBeenCalledTimes(2);
  });

  it('does not notify for an alarm already on when the page opens, nor for one that rises in view', async () => {
    const notified = vi.fn();
    vi.stubGlobal('Notification', Object.assign(notified, { permission: 'granted' }));
    answer.current = liveSnapshot({ responses: 5, alarm: { ...QUIET, active: true, recent: 5, lost: 5 } });
    hide();
    await show();
    await pass(10_000);
    expect(alarm()).toBeDefined();
    await unmount?.();

    Reflect.deleteProperty(document, 'visibilityState');
    answer.current = liveSnapshot();
    await show();
    answer.current = liveSnapshot({ responses: 5, alarm: { ...QUIET, active: true, recent: 5, lost: 5 } });
    await pass(1050);
    expect(alarm()).toBeDefined();
    expect(notified).not.toHaveBeenCalled();
  });

  it.each([
    ['not asked yet', 'default', 'Allow notifications so the alarm reaches you while you present in another window.'],
    ['blocked', 'denied', 'Notifications are blocked for this site: the alarm shows only on this page and in Pop Out.'],
  ])('says in one line why it asks for notifications when they are %s', async (_, permission, reason) => {
    // This device was asked before: the page does not ask again by itself.
    window.localStorage.setItem('classpulse.notificationsAsked', '1');
    const requestPermission = vi.fn(async () => permission);
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission, requestPermission }));
    try {
      await show();
      const line = screen.getByTestId('notification-reason');
      expect(within(line).getByText(reason)).toBeTruthy();
      expect(
        within(line)
          .queryAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(permission === 'default' ? ['Allow Notifications'] : []);
      expect(requestPermission).not.toHaveBeenCalled();
      vi.useRealTimers();
      await expectNoSeriousA11yViolations(document.body);
    } finally {
      window.localStorage.removeItem('classpulse.notificationsAsked');
    }
  });

  it('gives the owner the note form and the alarm settings, and a TA neither', async () => {
    answer.current = liveSnapshot({ alarm: { ...QUIET, threshold: 0.25, minResponses: 8, windowMinutes: 15 } });
    await show();
    expect(screen.getByRole('form', { name: 'Post a note' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Present' })).toBeTruthy();
    const settings = screen.getByRole('button', { name: 'Alarm settings' });
    expect(settings.getAttribute('aria-expanded')).toBe('false');
    await act(async () => settings.click());
    const form = screen.getByRole('form', { name: 'Alarm settings' });
    expect((within(form).getByLabelText(/^Minutes/) as HTMLInputElement).value).toBe('15');
    expect((within(form).getByLabelText(/^Minimum responses/) as HTMLInputElement).value).toBe('8');
    expect((within(form).getByLabelText(/^Lost share/) as HTMLInputElement).value).toBe('25');
    await unmount?.();

    course.role = 'ta';
    await show();
    expect(figure('Responses')).toBe('4 responses');
    expect(screen.queryByRole('form', { name: 'Post a note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alarm settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Present' })).toBeNull();
  });

  it('says when there is no session today, and when the course is not one of the caller’s', async () => {
    answer.current = liveSnapshot({ session: null, responses: 0 });
    await show();
    expect(screen.getByText('No class session today')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Live figures' })).toBeNull();
    await unmount?.();

    answer.current = new ApiError(404, 'Course not found');
    await show();
    expect(screen.getByText('Course Not Found')).toBeTruthy();
    expect(screen.getByText('This course does not exist or is not one of yours.')).toBeTruthy();
  });
});
