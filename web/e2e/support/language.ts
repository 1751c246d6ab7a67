// Spanish and dark mode in Playwright: the catalog the app loads, a browser set to both, and the
// checks a Spanish reader would make (no English left on screen, dark colours, axe in the theme).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, type Page, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../a11y';
import { db } from './stack';

const catalogDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales/es');

/** English text → Spanish, every file of web/src/locales/es merged, as the app loads it. */
export const SPANISH: Record<string, string> = Object.assign(
  {},
  ...readdirSync(catalogDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(catalogDir, file), 'utf8')) as Record<string, string>),
);

/** The Spanish the app shows for an English text, with its {{placeholders}} filled. */
export function es(english: string, params: Record<string, string | number> = {}): string {
  const spanish = SPANISH[english];
  if (!spanish) throw new Error(`no Spanish for "${english}"`);
  return spanish.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name]));
}

/** The two settings as a returning visitor has them stored, before any page script runs. */
export async function storeSettings(context: BrowserContext, settings: { language?: 'en' | 'es'; theme?: 'light' | 'dark' | 'system' }) {
  await context.addInitScript((stored) => {
    if (sessionStorage.getItem('settings-stored')) return; // once per tab: the page may change them later
    sessionStorage.setItem('settings-stored', '1');
    if (stored.language) localStorage.setItem('classpulse.language', stored.language);
    if (stored.theme) localStorage.setItem('classpulse.theme', stored.theme);
  }, settings);
}

/** Every text stored in the database (courses, feedback, stories, notes…): data, not interface. */
async function storedTexts(): Promise<string[]> {
  const { rows: columns } = await db().query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying')
        and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`,
  );
  const texts = new Set<string>();
  for (const { table_name, column_name } of columns) {
    const { rows } = await db().query<{ value: string }>(
      `select distinct "${column_name}" as value from public."${table_name}" where "${column_name}" is not null`,
    );
    for (const { value } of rows) if (value.trim()) texts.add(value.trim());
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

// Words of English's grammar that Spanish never uses: a sentence holding one is English.
const ENGLISH_WORDS = /\b(the|and|your|you|with|this|that|is|are|was|of|to|for|on|in|from|have|not|will|please|no longer)\b/i;

/** What the page says: its text nodes, labels, placeholders and title, outside other-language islands. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const foreign = (element: Element | null) => {
      const lang = element?.closest('[lang]')?.getAttribute('lang');
      return Boolean(lang && lang !== document.documentElement.lang);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || foreign(parent)) continue;
      if (node.textContent?.trim()) texts.push(node.textContent.trim());
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (foreign(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** A stored text where it stands as whole words: other tests store fragments like "ar" or "tal",
 *  and cutting those out of Spanish words ("Eliminar", "total") leaves "in" and "to". */
function wholeWords(value: string): RegExp {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu');
}

/** Texts of the page that are English interface: a known English text, or English words outside stored data. */
export async function untranslated(page: Page): Promise<string[]> {
  const data = await storedTexts();
  const englishOnly = new Set(
    Object.entries(SPANISH)
      .filter(([en, spanish]) => en !== spanish)
      .map(([en]) => en),
  );
  const found: string[] = [];
  for (const text of await pageTexts(page)) {
    if (englishOnly.has(text)) {
      found.push(text);
      continue;
    }
    let rest = text;
    for (const value of data) if (rest.includes(value)) rest = rest.replace(wholeWords(value), ' ');
    rest = rest.replace(/\S+@\S+|https?:\/\/\S+|ClassPulse/g, ' ');
    if (ENGLISH_WORDS.test(rest)) found.push(text);
  }
  return found;
}

/** Relative luminance of a CSS rgb() colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The page is in Spanish and the dark theme: <html> says so, the page is dark, no English is left, axe passes. */
export async function expectSpanishDarkPage(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // The page's own background: the body's, or the root's when the body has none.
  const background = await page.evaluate(
    () =>
      [document.body, document.documentElement]
        .map((element) => getComputedStyle(element).backgroundColor)
        .find((color) => !/^rgba\(.*, 0\)$|^transparent$/.test(color)) ?? 'none',
  );
  expect(background).not.toBe('none');
  expect(luminance(background), `body background ${background}`).toBeLessThan(0.05);
  expect(await untranslated(page), `English on ${page.url()}`).toEqual([]);
  await expectNoSeriousA11yViolations(page);
}
