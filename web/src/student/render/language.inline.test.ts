import { beforeAll, describe, expect, it } from 'vitest';

// The inline script as the page runs it: its SETUP is the build's (web/scripts/student-pages.ts).
const swap = () => (window as unknown as Record<string, (language: string, moveIslands: boolean) => boolean>).__swap!;

function page(lang: string) {
  document.documentElement.lang = lang;
  document.title = 'English title';
  document.body.innerHTML =
    '<div id="root" data-language="en"><h1>Hello</h1><div data-island="Form"><input value="typed"></div></div>' +
    '<template data-language="es" data-title="Título"><h1>Hola</h1><div data-island="Form"><input value=""></div></template>';
}

beforeAll(async () => {
  (globalThis as Record<string, unknown>).SETUP = { global: '__swap', island: 'data-island' };
  page('en');
  await import('./language.inline');
});

describe('the language swap', () => {
  it('shows the stored language before first paint: the markup, its title, and the other kept for later', () => {
    page('es');
    expect(swap()('es', false)).toBe(true);
    expect(document.querySelector('h1')?.textContent).toBe('Hola');
    expect(document.getElementById('root')?.dataset.language).toBe('es');
    expect(document.title).toBe('Título');
    expect(document.querySelector('template[data-language="en"]')?.getAttribute('data-title')).toBe('English title');
    expect(swap()('es', false)).toBe(false);
  });

  it('later moves the live islands into the new markup, with what was typed, and back', () => {
    page('en');
    const island = document.querySelector('[data-island]')!;
    const input = island.querySelector('input')!;
    input.focus();
    input.setSelectionRange(2, 3);
    expect(swap()('es', true)).toBe(true);
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 3]);
    expect(document.querySelector('h1')?.textContent).toBe('Hola');
    expect(document.querySelector('#root [data-island]')).toBe(island);
    expect(document.querySelector<HTMLInputElement>('#root input')?.value).toBe('typed');
    expect(swap()('en', true)).toBe(true);
    expect(document.querySelector('h1')?.textContent).toBe('Hello');
    expect(document.querySelector('#root [data-island]')).toBe(island);
  });
});
