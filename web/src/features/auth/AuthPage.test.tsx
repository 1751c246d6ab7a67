// /auth, the professor sign-in screen for visitors, with who is signed in given by the test (no
// stack): a placeholder while that is checked, the screen's texts and links, and a professor who is
// already signed in sent on to Course Management.
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../shared/api/current-user';
import { toaster } from '../../shared/ui/toaster';
import { expectNoSeriousA11yViolations } from '../../test/axe';
import { renderInApp, screen } from '../../test/renderInApp';

const currentUser = vi.hoisted(() => vi.fn<() => Promise<AuthUser | null>>());
vi.mock('../../shared/api/get-current-user', async (original) => ({ ...(await original<object>()), getCurrentUser: currentUser }));

const { AuthPage } = await import('./AuthPage');

const PROFESSOR: AuthUser = { id: 'u1', email: 'ada@uni.edu', firstName: 'Ada', lastName: null, profileImageUrl: null };

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  currentUser.mockResolvedValue(null);
});
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
  toaster.remove();
  vi.clearAllMocks();
});

async function show() {
  const router = createMemoryRouter(
    [
      { path: '/auth', Component: AuthPage },
      { path: '/api/login', element: <h1>Sign-in form</h1> },
      { path: '/professor', element: <h1>Course Management</h1> },
      { path: '/course-search', element: <h1>Find Your Course</h1> },
    ],
    { initialEntries: ['/auth'] },
  );
  ({ unmount } = await renderInApp(<RouterProvider router={router} />));
  return router;
}

describe('AuthPage', () => {
  it('shows a busy placeholder while who is signed in is checked', async () => {
    currentUser.mockReturnValue(new Promise(() => {}));
    await show();
    const loading = screen.getByRole('status', { name: 'Loading sign-in' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('tells a visitor what the professor sign-in is for, and leads to it', async () => {
    const router = await show();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Professor Sign In');
    expect(document.title).toBe('Professor Sign In · ClassPulse');
    expect(screen.getByText('Access your courses, class links and student feedback.')).toBeTruthy();
    expect(screen.getByText('For Professors Only')).toBeTruthy();
    expect(screen.getByText('This sign-in is for instructors who manage courses and read feedback.')).toBeTruthy();
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓Course management with daily feedback links', '✓Student feedback analytics', '✓Privacy-first: students stay anonymous']);
    expect(screen.getByText(/^Students don't need to sign in\. To give feedback, use the/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'course search page' }).getAttribute('href')).toBe('/course-search');
    await expectNoSeriousA11yViolations(document.body);

    const signIn = screen.getByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/api/login');
    await userEvent.setup().click(signIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in form' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/api/login');
  });

  it('sends a professor who is signed in on to Course Management', async () => {
    currentUser.mockResolvedValue(PROFESSOR);
    const router = await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/professor');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
