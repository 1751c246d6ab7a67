import { render, screen, within } from '@testing-library/preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es';
import { getUserStories } from './api/get-user-stories';
import UserStoriesPage from './UserStoriesPage';

vi.mock('./api/get-user-stories', () => ({ getUserStories: vi.fn(() => new Promise(() => {})) }));
vi.mock('./api/get-owner-status', () => ({ getOwnerStatus: vi.fn().mockResolvedValue({ isOwner: false }) }));

afterEach(() => {
  setLanguage('en');
  document.body.replaceChildren();
});

/** The page as its HTML is, before any island runs. */
function html() {
  const page = document.createElement('div');
  page.innerHTML = renderToString(<UserStoriesPage />);
  document.body.append(page);
  return page;
}

describe('the user stories page', () => {
  it('is, as its HTML, the breadcrumb home, the board’s title and buttons, and the loading list', () => {
    const page = html();
    const breadcrumb = within(page).getByRole('navigation', { name: 'User stories' });
    expect(within(breadcrumb).getByRole('link', { name: '← Home' })).toHaveAttribute('href', '/');
    expect(breadcrumb).toHaveTextContent('ClassPulse');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('User Stories');
    // Until the board's island runs, "New Story" could do nothing: it says so.
    expect(within(page).getByRole('button', { name: 'New Story' })).toBeDisabled();
    expect(within(page).getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    expect(within(page).getByText('Loading user stories...')).toBeInTheDocument();
    expect(getUserStories).not.toHaveBeenCalled();
  });

  it('reads the board once it runs, with the site’s header and footer around it', () => {
    render(<UserStoriesPage />);
    expect(getUserStories).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'New Story' })).toBeEnabled();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    const page = html();
    expect(within(page).getByRole('link', { name: '← Inicio' })).toBeInTheDocument();
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Historias de usuario');
    expect(within(page).getByText('Cargando historias de usuario...')).toBeInTheDocument();
  });
});
