import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { type VNode, hydrate } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/translate';
import { LanguageChoiceContext, LanguageSelect, ThemeSelect } from './settings';

afterEach(() => {
  setLanguage('en');
  document.documentElement.className = '';
  localStorage.clear();
});

/** The page's HTML of `node`, with `before` done to it as a student would before the island runs, then hydrated. */
function hydratedAfter(node: VNode, before: (root: HTMLElement) => void): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  root.innerHTML = renderToString(node);
  before(root);
  hydrate(node, root);
  return root;
}

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

  // On a slow phone the footer's and header's selects are there, and can be changed, before their island runs.
  it('makes a language chosen before the island ran, and nothing when none was', async () => {
    const choose = vi.fn();
    const page = (
      <LanguageChoiceContext.Provider value={choose}>
        <LanguageSelect />
      </LanguageChoiceContext.Provider>
    );
    const untouched = hydratedAfter(page, () => {});
    const changed = hydratedAfter(page, (root) => {
      within(root).getByRole<HTMLSelectElement>('combobox', { name: 'Language' }).value = 'es';
    });
    const select = within(changed).getByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(choose).toHaveBeenCalledExactlyOnceWith('es', select));
    expect(within(untouched).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    untouched.remove();
    changed.remove();
  });

  it('keeps a theme chosen before the island ran', async () => {
    const root = hydratedAfter(<ThemeSelect />, (html) => {
      within(html).getByRole<HTMLSelectElement>('combobox', { name: 'Theme' }).value = 'dark';
    });
    await waitFor(() => expect(localStorage.getItem('classpulse.theme')).toBe('dark'));
    expect(document.documentElement).toHaveClass('dark');
    expect(within(root).getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
    root.remove();
  });
});
