// The professor pages' sign-in guard (features/auth/useRequireProfessor, in both layouts), with who is
// signed in given by the test (no stack) and the page's clock faked: a signed-out visitor gets the
// "Authentication Required" toast at once and the sign-in screen 1.5 s later, long enough to read
// it; a failed check, a check still under way and a signed-in professor get neither.
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import type { AuthUser } from '../../shared/api/current-user';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import { LoginPage } from '../../features/auth/LoginPage';
import { BareProfessorLayout } from './BareProfessorLayout';
import { ProfessorLayout, type ProfessorRouteHandle } from './ProfessorLayout';

const currentUser = vi.hoisted(() => vi.fn<() => Promise<AuthUser | null>>());
vi.mock('../../shared/api/get-current-user', async (original) => ({ ...(await original<object>()), getCurrentUser: currentUser }));

const PROFESSOR: AuthUser = { id: 'u1', email: 'ada@uni.edu', firstName: 'Ada', lastName: null, profileImageUrl: null };
const COURSES: ProfessorRouteHandle = {
  professorPage: { documentTitle: 'Course Management', heading: 'Course Management', links: [] },
};
const DASHBOARD: ProfessorRouteHandle = {
  professorPage: { documentTitle: 'Professor Dashboard', heading: 'Feedback Dashboard', links: [] },
};

let unmount: (() => Promise<void>) | undefined;
let answer: { resolve: (user: AuthUser | null) => void; reject: (failure: unknown) => void };
beforeEach(() => {
  // Who is signed in stays unknown until the test answers (`answer`).
  currentUser.mockImplementation(() => new Promise((resolve, reject) => (answer = { resolve, reject })));
});
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
  vi.useRealTimers();
  // The toaster is one for the app: the next test starts with none shown or queued.
  toaster.remove();
  vi.clearAllMocks();
});

/**
 * Opens `path` (a professor page, in the layout it has in the app) while the sign-in check is
 * still under way, and waits for the app's toaster (a chunk of its own) to be on the page. The
 * page's clock is then faked: from here on, time passes only when the test says (`wait`).
 */
async function show(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: ProfessorLayout,
        children: [
          { path: '/professor', handle: COURSES, element: <p>Your courses</p> },
          { path: '/professor/dashboard', handle: DASHBOARD, element: <p>Your feedback</p> },
        ],
      },
      { Component: BareProfessorLayout, children: [{ path: '/professor/present/:courseId', element: <p>Scan to give feedback</p> }] },
      { path: '/api/login', Component: LoginPage },
      { path: '/course-search', element: <h1>Find Your Course</h1> },
    ],
    { initialEntries: [path] },
  );
  ({ unmount } = await renderInApp(<RouterProvider router={router} />));
  await screen.findByRole('region', { name: /^Notifications/ });
  vi.useFakeTimers();
  return router;
}

/** `ms` of the page's time pass (its timers run, and what they start renders). */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The sign-in check answers, and the page shows its answer. */
const answered = async (user: AuthUser | null) => {
  answer.resolve(user);
  await wait(0);
};
const toasts = () => within(screen.getByRole('region', { name: /^Notifications/ }));

describe('the sign-in guard of the professor layouts', () => {
  it.each([
    ['Course Management', '/professor'],
    ['the dashboard', '/professor/dashboard'],
    ['the projector screen (no site header)', '/professor/present/c1'],
  ])('a signed-out visit to %s shows "Authentication Required" at once and the sign-in screen 1.5 s later', async (_, path) => {
    const router = await show(path);
    expect(toasts().queryByText('Authentication Required')).toBeNull();

    await answered(null);
    expect(toasts().getByText('Authentication Required')).toBeTruthy();
    expect(toasts().getByText('Please sign in with your professor account to access this page.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByLabelText('E-mail address')).toBeNull();

    // Not a moment sooner than 1.5 s: the toast can be read where it was raised.
    await wait(1499);
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByLabelText('E-mail address')).toBeNull();

    await wait(1);
    expect(router.state.location.pathname).toBe('/api/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Professor Sign In' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
    // Replaced, not pushed: "Back" does not lead to the guarded page and here again.
    expect(router.state.historyAction).toBe('REPLACE');
    // The one toast stays on the sign-in screen.
    expect(toasts().getAllByText('Authentication Required')).toHaveLength(1);
  });

  it('does not send a visitor who left within the 1.5 s to sign in', async () => {
    const router = await show('/professor');
    await answered(null);
    expect(toasts().getByText('Authentication Required')).toBeTruthy();
    await wait(1000);
    await act(() => router.navigate('/course-search'));
    await wait(2000);
    expect(router.state.location.pathname).toBe('/course-search');
    expect(screen.getByRole('heading', { level: 1, name: 'Find Your Course' })).toBeTruthy();
  });

  it('a failed check offers "Try again" instead of sending the professor to sign in', async () => {
    const router = await show('/professor');
    answer.reject(new ApiError(0, 'Failed to fetch'));
    await wait(0);
    const failed = screen.getByRole('alert');
    expect(within(failed).getByText('Unable to check your sign-in')).toBeTruthy();
    expect(within(failed).getByText('Please check your connection and try again.')).toBeTruthy();

    // Longer than the 1.5 s: no toast, still here.
    await wait(2000);
    expect(router.state.location.pathname).toBe('/professor');
    expect(toasts().queryByText('Authentication Required')).toBeNull();

    // Back online: "Try again" finds the session and shows the page.
    vi.useRealTimers();
    currentUser.mockResolvedValue(PROFESSOR);
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your courses')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('neither warns nor leaves while the check is under way, nor once a professor is signed in', async () => {
    const router = await show('/professor');
    await wait(2000);
    expect(screen.getByRole('heading', { level: 1, name: 'Course Management' })).toBeTruthy();
    expect(screen.queryByText('Your courses')).toBeNull();
    expect(toasts().queryByText('Authentication Required')).toBeNull();

    await answered(PROFESSOR);
    expect(screen.getByText('Your courses')).toBeTruthy();
    await wait(2000);
    expect(router.state.location.pathname).toBe('/professor');
    expect(toasts().queryByText('Authentication Required')).toBeNull();
    expect(currentUser).toHaveBeenCalledTimes(1);
  });
});
