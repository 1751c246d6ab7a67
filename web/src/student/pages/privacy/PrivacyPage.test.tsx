import { render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import AccessibilityPage from '../accessibility/AccessibilityPage';
import { DATA_INVENTORY } from './inventory';
import PrivacyPage from './PrivacyPage';

describe('the pages of text', () => {
  it('privacy: its sections by anchor, and every table of the inventory with its columns', () => {
    render(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    for (const id of ['in-short', 'how-it-works', 'who-sees-what', 'never-stored', 'kept', 'on-your-device', 'data-inventory']) {
      expect(document.getElementById(id)).toBeInTheDocument();
    }
    // Long text is laid out only as it nears the screen (docs/decisions/first-paint.md).
    expect(document.getElementById('data-inventory')!.className).toContain('content-visibility_auto');
    for (const table of DATA_INVENTORY) {
      const card = screen.getByRole('article', { name: `${table.schema}.${table.name}` });
      expect(card.className).toContain('content-visibility_auto');
      for (const column of table.columns) expect(within(card).getByText(column, { selector: 'code' })).toBeInTheDocument();
    }
  });

  it('accessibility: the target, how it is tested, the exceptions, and the board to report on', () => {
    render(<AccessibilityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility' })).toBeInTheDocument();
    expect(screen.getByText('web/e2e/keyboard-walk.spec.ts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'user stories board' })).toHaveAttribute('href', '/user-stories');
  });
});
