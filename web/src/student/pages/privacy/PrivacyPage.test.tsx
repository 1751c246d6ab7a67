import { render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import AccessibilityPage from '../accessibility/AccessibilityPage';
import { DATA_INVENTORY } from './inventory';
import PrivacyPage from './PrivacyPage';

describe('the pages of text', () => {
  it('privacy: its sections by anchor, who sees what, what is kept, and every table of the inventory with its columns', async () => {
    const { container } = render(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    for (const id of ['in-short', 'how-it-works', 'who-sees-what', 'never-stored', 'kept', 'on-your-device', 'data-inventory']) {
      expect(document.getElementById(id)).toBeInTheDocument();
    }
    for (const section of [
      'In short',
      'How it works',
      'Who can see what',
      'What your professor cannot learn',
      'What is never stored',
      'What is stored, and for how long',
      'On your device',
      'Data inventory',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    const who = screen.getByRole('region', { name: 'Who can see what' });
    for (const audience of ['Students', 'The public', 'Your professor and their teaching team (co-instructors and TAs)', 'App owners']) {
      expect(within(who).getByText(audience)).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'What your professor cannot learn' })).toHaveTextContent('in whole groups of three');
    expect(screen.getByRole('region', { name: 'What is never stored' })).toHaveTextContent('IP addresses, not even as a plain hash.');
    expect(screen.getByRole('region', { name: 'What is stored, and for how long' })).toHaveTextContent('Rate-limit counters: 48 hours.');
    expect(screen.getByRole('region', { name: 'On your device' })).toHaveTextContent('classpulse.rememberedFeedback');

    // Long text is laid out only as it nears the screen (docs/decisions/first-paint.md).
    expect(document.getElementById('data-inventory')!.className).toContain('content-visibility_auto');
    const inventory = screen.getByRole('region', { name: 'Data inventory' });
    for (const table of DATA_INVENTORY) {
      const card = within(inventory).getByRole('article', { name: `${table.schema}.${table.name}` });
      expect(card.className).toContain('content-visibility_auto');
      for (const column of table.columns) expect(within(card).getByText(column, { selector: 'code' })).toBeInTheDocument();
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([...table.columns]);
    }
    await expectNoSeriousA11yViolations(container);
  });

  it('accessibility: the target, how it is tested, the exceptions, and the board to report on', async () => {
    const { container } = render(<AccessibilityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility' })).toBeInTheDocument();
    expect(screen.getByText(/WCAG\) 2\.2 at level AA/)).toBeInTheDocument();
    const testing = screen.getByRole('region', { name: 'How it is tested' });
    expect(within(testing).getByText('web/e2e/a11y.ts')).toBeInTheDocument();
    expect(within(testing).getByText('web/e2e/keyboard-walk.spec.ts')).toBeInTheDocument();
    expect(testing).toHaveTextContent('320 px');
    expect(testing).toHaveTextContent('dark theme');
    expect(within(screen.getByRole('region', { name: 'Known exceptions' })).getAllByRole('listitem')).toHaveLength(3);
    const report = screen.getByRole('region', { name: 'Report a problem' });
    expect(within(report).getByRole('link', { name: 'user stories board' })).toHaveAttribute('href', '/user-stories');
    await expectNoSeriousA11yViolations(container);
  });
});
