import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/translate';
import { LanguageChoiceContext, LanguageSelect, ThemeSelect } from './settings';

afterEach(() => {
  setLanguage('en');
  document.documentElement.className = '';
});

describe('the language and theme choices', () => {
  it('offers each language in its own name, the current one chosen, and tells the page what was chosen', async () => {
    const choose = vi.fn();
    render(
      <LanguageChoiceContext.Provider value={choose}>
        <LanguageSelect />
      </LanguageChoiceContext.Provider>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es');
    await userEvent.selectOptions(select, 'es');
    expect(choose).toHaveBeenCalledWith('es', select);
  });

  it('keeps a theme chosen on this browser, and shows it once the page runs', async () => {
    localStorage.setItem('classpulse.theme', 'dark');
    render(<ThemeSelect />);
    const select = screen.getByRole('combobox', { name: 'Theme' });
    await waitFor(() => expect(select).toHaveValue('dark'));
    await userEvent.selectOptions(select, 'light');
    expect(localStorage.getItem('classpulse.theme')).toBe('light');
    expect(document.documentElement).toHaveClass('light');
    await userEvent.selectOptions(select, 'system');
    expect(localStorage.getItem('classpulse.theme')).toBeNull();
  });
});
