import { render, screen, waitFor, within } from '@testing-library/preact';
import { hydrate } from 'preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it, vi } from 'vitest';
import { apiConfig } from '../../lib/config';
import { authStorageKey } from '../../lib/sessionCookie';
import { getCurrentUser } from '../../shared/api/get-current-user';
import { rememberFeedback } from '../../shared/rememberedFeedback';
import SiteHeader from './SiteHeader.island';
import { REMEMBERED_ONLY, SIGNED_OUT_ONLY } from './signedOutOnly';

vi.mock('../../shared/api/get-current-user', () => ({ getCurrentUser: vi.fn() }));

const link = (name: string) => screen.queryByRole('link', { name });

/** A visitor's links in one of the header's navigations: Home, Submit Feedback and the two sign-in links, no professor's. */
function expectVisitorLinks(nav: HTMLElement) {
  const href = (name: string) => within(nav).getByRole('link', { name, exact: true }).getAttribute('href');
  expect(href('Home')).toBe('/');
  expect(href('Submit Feedback')).toBe('/submit');
  expect(href('Professor Sign In')).toBe('/auth');
  expect(href('Sign In')).toBe('/auth');
  expect(within(nav).queryByRole('link', { name: 'Professor Dashboard' })).toBeNull();
  expect(within(nav).queryByRole('link', { name: 'Sign Out' })).toBeNull();
}

describe('SiteHeader', () => {
  it('shows Home, Submit Feedback and the sign-in links to a visitor without a session', async () => {
    render(<SiteHeader />);
    expect(link('Home')).toHaveAttribute('href', '/');
    expect(link('Submit Feedback')).toHaveAttribute('href', '/submit');
    expect(await screen.findAllByRole('link', { name: 'Professor Sign In' })).toHaveLength(1);
    expect(link('Sign In')).toHaveAttribute('href', '/auth');
    expect(link('Professor Dashboard')).toBeNull();
    expect(link('My feedback')).toBeNull();
    expectVisitorLinks(screen.getByRole('navigation', { name: 'Main' }));
  });

  it('offers a visitor the same links in the phone menu, and choosing one closes it', async () => {
    const user = userEvent.setup();
    render(<SiteHeader />);
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expectVisitorLinks(mobile);
    // The page load a link starts is the browser's: here it goes nowhere.
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('click', stay);
    try {
      await user.click(within(mobile).getByRole('link', { name: 'Submit Feedback' }));
    } finally {
      document.removeEventListener('click', stay);
    }
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the dashboard and Sign Out to a signed-in professor, and neither while the sign-in is unknown', () => {
    const { rerender } = render(<SiteHeader account="signed-in" />);
    expect(link('Professor Dashboard')).toHaveAttribute('href', '/professor');
    expect(link('Sign Out')).toHaveAttribute('href', '/api/logout');
    expect(link('Sign In')).toBeNull();
    rerender(<SiteHeader account="unknown" />);
    expect(link('Sign In')).toBeNull();
    expect(link('Sign Out')).toBeNull();
  });

  it('with a stale session cookie, asks the auth server and then shows the sign-in links for good', async () => {
    // The page's head script saw the cookie and hides the links marked signed-out-only until the header knows.
    const cookie = `${authStorageKey(apiConfig.supabaseUrl)}=stale`;
    document.cookie = `${cookie}; Path=/`;
    vi.mocked(getCurrentUser).mockReset().mockResolvedValue(null);
    try {
      render(<SiteHeader />);
      const signIn = await screen.findByRole('link', { name: 'Professor Sign In' });
      expect(getCurrentUser).toHaveBeenCalledOnce();
      expect(signIn).not.toHaveAttribute(SIGNED_OUT_ONLY);
      expect(link('Sign In')).not.toHaveAttribute(SIGNED_OUT_ONLY);
      expect(link('Sign Out')).toBeNull();
    } finally {
      document.cookie = `${cookie}; Max-Age=0; Path=/`;
    }
  });

  it('marks the sign-in links signed-out-only in its HTML, for the head script’s guard', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<SiteHeader />);
    expect(within(page).getByRole('link', { name: 'Professor Sign In' })).toHaveAttribute(SIGNED_OUT_ONLY);
    expect(within(page).getByRole('link', { name: 'Sign In' })).toHaveAttribute(SIGNED_OUT_ONLY);
  });

  it('links to My feedback when this device remembers feedback', async () => {
    rememberFeedback({
      token: 'a.b',
      courseId: 'c',
      courseCode: 'COSC 1337',
      courseName: 'Programming',
      excerpt: 'x',
      sentAt: '2026-11-27T10:00:00Z',
    });
    render(<SiteHeader />);
    expect(await screen.findByRole('link', { name: 'My feedback' })).toHaveAttribute('href', '/my-feedback');
  });

  it('opens and closes the phone menu, Escape giving focus back to its button', async () => {
    const user = userEvent.setup();
    render(<SiteHeader />);
    const button = await screen.findByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('hydrated by the tap that opens its phone menu, keeps the menu open as it starts', async () => {
    // The island hydrates on first use (runtime/firstUse.ts): the tap's click comes before its first effects run.
    const page = document.createElement('div');
    document.body.append(page);
    page.innerHTML = renderToString(<SiteHeader pathname="/" />);
    const menu = within(page).getByRole('button', { name: 'Menu' });
    menu.removeAttribute('disabled');
    hydrate(<SiteHeader pathname="/" />, page);
    menu.click();
    // The sign-in links lose their HTML-only mark once the island's first effects have run: the menu is still open then.
    await waitFor(() => {
      for (const signIn of within(page).getAllByRole('link', { name: 'Sign In' })) expect(signIn).not.toHaveAttribute(SIGNED_OUT_ONLY);
    });
    expect(within(page).getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    page.remove();
  });

  it('has "My feedback" in its HTML for the page to show where the device remembers feedback, and after it starts only there', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<SiteHeader />);
    expect(within(page).getByRole('link', { name: 'My feedback' })).toHaveAttribute(REMEMBERED_ONLY);
    render(<SiteHeader />);
    expect(link('My feedback')).toBeNull();
  });
});
