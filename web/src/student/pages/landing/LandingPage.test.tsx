import { render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es';
import ErrorBanner from './ErrorBanner.island';
import LandingPage from './LandingPage';

afterEach(() => {
  setLanguage('en');
  window.history.replaceState(null, '', '/');
});

describe('the landing page', () => {
  it("has the seed's message, claims, audiences and calls to action", () => {
    render(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy-first feedback for better teaching and learning');
    expect(screen.getByRole('list', { name: 'Why ClassPulse' })).toHaveTextContent('100% AnonymousReal-time InsightsClass-wide Analytics');
    expect(screen.getByRole('link', { name: 'Find My Course & Submit Feedback' })).toHaveAttribute('href', '/course-search');
    expect(screen.getAllByRole('link', { name: 'Explore Professor Tools' })[0]).toHaveAttribute('href', '/professor');
    expect(screen.getByRole('link', { name: 'Find Your Course' })).toHaveAttribute('href', '/course-search');
    for (const title of ['Complete Anonymity', 'Better Learning', 'Voice Your Concerns', 'Real-time Feedback', 'Early Intervention']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    for (const link of ['Privacy Policy', 'How it Works', 'Support', 'About', 'Admin']) expect(footer).toHaveTextContent(link);
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      spanish['Privacy-first feedback for better teaching and learning']!,
    );
  });

  it("shows `?error=` once, in the page's language, and takes it out of the address", async () => {
    window.history.replaceState(
      null,
      '',
      `/?error=${encodeURIComponent('Session not found or expired. Please ask your professor for a new link.')}`,
    );
    render(<ErrorBanner />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Session not found or expired. Please ask your professor for a new link.');
    expect(window.location.search).toBe('');
  });

  it('shows no banner without `?error=`', async () => {
    const { container } = render(<ErrorBanner />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
