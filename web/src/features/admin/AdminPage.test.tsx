// /admin with the caller and the owner check given by the test (no stack): the seed's placeholder
// panel, the same for everyone, and below it the sections only a signed-in app owner gets.
import { within } from '@testing-library/dom';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, screen } from '../../test/renderInApp';

const caller = vi.hoisted(() => ({ signedIn: false, owner: undefined as boolean | undefined, asked: [] as boolean[] }));
vi.mock('../../shared/api/current-user', async (original) => ({
  ...(await original<object>()),
  useCurrentUser: () => ({ isSignedIn: caller.signedIn }),
}));
vi.mock('./api/get-app-owner', async (original) => ({
  ...(await original<object>()),
  useAppOwner: (signedIn: boolean) => {
    caller.asked.push(signedIn);
    return { data: signedIn && caller.owner !== undefined ? { isOwner: caller.owner } : undefined };
  },
}));
vi.mock('./api/get-staff-email-domains', async (original) => ({
  ...(await original<object>()),
  useStaffEmailDomains: () => ({ data: [], isPending: false, isError: false }),
}));
vi.mock('./api/get-lti-platforms', async (original) => ({
  ...(await original<object>()),
  useLtiPlatforms: () => ({ data: [], isPending: false, isError: false }),
}));

const { AdminPage } = await import('./AdminPage');

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  Object.assign(caller, { signedIn: false, owner: undefined, asked: [] });
});
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

const show = async () =>
  ({ unmount } = await renderInApp(
    <MemoryRouter initialEntries={['/admin']}>
      <AdminPage />
    </MemoryRouter>,
  ));
const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
const ownerHeadings = () =>
  screen.queryAllByRole('heading', { level: 2 }).filter((heading) => /professor|Learning platforms/.test(heading.textContent ?? ''));

describe('AdminPage', () => {
  it('is the placeholder panel of the seed, its links where they lead', async () => {
    await show();
    expect(document.title).toBe('Admin Panel · ClassPulse');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(href('← Back to Home')).toBe('/');
    expect(screen.getByText('Anonymous Mode Active')).toBeTruthy();
    expect(
      screen.getByText(
        'Admin functionality is disabled while ClassPulse runs in anonymous mode. No student accounts or personal data exist to manage.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Admin Features Disabled')).toBeTruthy();
    // The dashboard's CSV export is real: the panel says where it is, never that exports are unavailable.
    const disabled = screen.getByText(/^User management and system settings/);
    expect(disabled.textContent).toBe(
      'User management and system settings are not available in this version. Professors export their own feedback as CSV with Export on the Feedback Dashboard.',
    );
    expect(document.body.textContent).not.toMatch(/exports? (are|is) not available/i);
    expect(within(disabled).getByRole('link', { name: 'Feedback Dashboard' }).getAttribute('href')).toBe('/professor/dashboard');
    expect(href('Professor Dashboard')).toBe('/professor');
    expect(href('User Stories Management')).toBe('/user-stories');
    expect(href('Sign Out')).toBe('/api/logout');
    expect(screen.getByText('Professors manage their own courses and feedback from the professor pages.')).toBeTruthy();
  });

  it('shows a signed-out visitor the panel alone, without asking whether they own the app', async () => {
    await show();
    expect(caller.asked.every((asked) => asked === false)).toBe(true);
    expect(ownerHeadings()).toEqual([]);
    expect(screen.queryByRole('form')).toBeNull();
  });

  // Was also the browser test "a signed-in account that is not an app owner sees no learning platforms on /admin"
  // (e2e/admin-lti.spec.ts); what is_app_owner() answers a professor who is not one: supabase/tests/rls.test.ts.
  it('shows a signed-in account that is not an app owner no staff domains and no learning platforms', async () => {
    Object.assign(caller, { signedIn: true, owner: false });
    await show();
    expect(caller.asked).toContain(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByText('Professors manage their own courses and feedback from the professor pages.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Learning platforms (LTI 1.3)' })).toBeNull();
    expect(ownerHeadings()).toEqual([]);
    expect(screen.queryByRole('form', { name: 'Register a platform' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a staff e-mail domain' })).toBeNull();
  });

  it('shows nothing more while the owner check has not answered', async () => {
    Object.assign(caller, { signedIn: true, owner: undefined });
    await show();
    expect(ownerHeadings()).toEqual([]);
  });

  it('gives a signed-in app owner who may sign in as a professor, and the learning platforms', async () => {
    Object.assign(caller, { signedIn: true, owner: true });
    await show();
    expect(ownerHeadings().map((heading) => heading.textContent)).toEqual([
      'Who may sign in as a professor',
      'Learning platforms (LTI 1.3)',
    ]);
    expect(screen.getByRole('form', { name: 'Add a staff e-mail domain' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Register a platform' })).toBeTruthy();
  });
});
