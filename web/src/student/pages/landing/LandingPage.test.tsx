import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import { PLACEHOLDER_LINK } from '../../ui/placeholderLink';
import ErrorBanner from './ErrorBanner.island';
import LandingPage from './LandingPage';

afterEach(() => {
  setLanguage('en');
  window.history.replaceState(null, '', '/');
});

describe('the landing page', () => {
  it("has the seed's message, claims, audiences and calls to action", async () => {
    const { container } = render(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy-first feedback for better teaching and learning');
    const claims = within(screen.getByRole('list', { name: 'Why ClassPulse' })).getAllByRole('listitem');
    expect(claims.map((claim) => claim.textContent)).toEqual(['100% Anonymous', 'Real-time Insights', 'Class-wide Analytics']);
    expect(screen.getByRole('link', { name: 'Find My Course & Submit Feedback' })).toHaveAttribute('href', '/course-search');
    const professorTools = screen.getAllByRole('link', { name: 'Explore Professor Tools' });
    expect(professorTools.map((link) => link.getAttribute('href'))).toEqual(['/professor', '/professor']);
    expect(screen.getByRole('link', { name: 'Find Your Course' })).toHaveAttribute('href', '/course-search');
    const titles = (region: string) =>
      within(screen.getByRole('region', { name: region }))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titles('For Students')).toEqual(['Complete Anonymity', 'Better Learning', 'Voice Your Concerns']);
    expect(titles('For Professors')).toEqual([
      'Real-time Feedback',
      'Pattern Recognition',
      'Teaching Insights',
      'Course Improvement',
      'Student Engagement',
      'Early Intervention',
    ]);
    await expectNoSeriousA11yViolations(container);
  });

  it('ends with its own footer: the privacy and accessibility pages, two placeholder links that stay put, Admin, and no copyright line', () => {
    render(<LandingPage />);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const href = (name: string) => within(footer).getByRole('link', { name }).getAttribute('href');
    expect(href('Privacy Policy')).toBe('/privacy');
    expect(href('How it Works')).toBe('/privacy#how-it-works');
    expect(href('Accessibility')).toBe('/accessibility');
    expect(href('Admin')).toBe('/admin');
    // A click on Support or About goes nowhere: the page's loader keeps it where it is, before any code (render/loader.inline.ts).
    for (const name of ['Support', 'About']) {
      const placeholder = within(footer).getByRole('link', { name });
      expect(placeholder).toHaveAttribute(PLACEHOLDER_LINK);
      expect(fireEvent.click(placeholder)).toBe(false);
      expect(window.location.pathname + window.location.hash).toBe('/');
    }
    expect(screen.queryByRole('link', { name: /© \d{4} ClassPulse/ })).toBeNull();
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

  it('shows `?error=` decoded, as its text exactly, above the page', async () => {
    window.history.replaceState(null, '', `/?error=${encodeURIComponent('Something & something else went wrong')}`);
    const { container } = render(<LandingPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something & something else went wrong$/);
    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe('');
    await expectNoSeriousA11yViolations(container);
  });

  it('shows no banner without `?error=`', async () => {
    const { container } = render(<ErrorBanner />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
