// A student page's HTML document around its rendered markup (docs/decisions/student-pages.md): the
// same for the build's files and for `npm start`, which differ only in where the styles and the
// code come from. Plain data in, a string out: the build's scripts run it in Node.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../i18n/languages.ts';
import type { StudentPage } from '../page.ts';
import { SIGNED_OUT_ONLY } from '../shell/signedOutOnly.ts';

export const LANGUAGE_SWAP_GLOBAL = '__classpulseSwapLanguage';

export interface RenderedBody {
  html: string;
  title: string;
}

export interface StudentDocument {
  page: StudentPage;
  /** The page rendered in each language. */
  bodies: Record<Language, RenderedBody>;
  /** The stylesheet: inline (the build: no request before first paint) or linked (`npm start`). */
  styles: { inline: string } | { href: string };
  /** The code: the boot module, and the modules to fetch beside it (the islands' chunks). */
  boot: string;
  preload: string[];
  /**
   * An island of the page hydrates as it loads (it has no `onFirstUse`: the renderer says so), so
   * the code starts then. Else the loader starts it at the first sign of use (render/loader.inline.ts).
   */
  runsAtLoad: boolean;
  /** Inline scripts: every page's settings (language, theme), the language swap, the loader of the code, the page's first reads. */
  scripts: { settings: string; languageSwap: string; loader: string; firstReads?: string; afterLoad?: string };
  /** More for <head>, as HTML (`npm start`'s Vite client). */
  head?: string;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** While a language other than the markup's is chosen, the markup is unseen (the swap script comes right after it). */
const LANGUAGE_GUARD =
  LANGUAGES.map(({ code }) => `html[lang=${code}] #root:not([data-language=${code}])`).join(',') + '{visibility:hidden}';

/** A visitor with a session cookie may be signed in: the header's sign-in links are not shown until it knows. */
const SESSION_GUARD = `html[data-session] [${SIGNED_OUT_ONLY}]{display:none}`;

export function studentDocument({ page, bodies, styles, boot, preload, runsAtLoad, scripts, head = '' }: StudentDocument): string {
  const main = bodies[DEFAULT_LANGUAGE];
  const others = LANGUAGES.filter(({ code }) => code !== DEFAULT_LANGUAGE)
    .map(
      ({ code }) => `<template data-language="${code}" data-title="${escapeAttribute(bodies[code].title)}">${bodies[code].html}</template>`,
    )
    .join('');
  const stylesheet = 'inline' in styles ? `<style>${styles.inline}</style>` : `<link rel="stylesheet" href="${styles.href}">`;
  // A page whose islands all wait for their first use fetches no code until then: its first paint waits for none.
  const modules = [boot, ...preload];
  return [
    '<!doctype html>',
    `<html lang="${DEFAULT_LANGUAGE}">`,
    '<head>',
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    '<link rel="icon" type="image/png" href="/favicon.png">',
    '<meta name="description" content="Privacy-first feedback for better teaching and learning">',
    page.referrerPolicy ? `<meta name="referrer" content="${page.referrerPolicy}">` : '',
    `<title>${escapeText(main.title)}</title>`,
    `<script>${scripts.settings}</script>`,
    scripts.firstReads ? `<script>${scripts.firstReads}</script>` : '',
    `<style>${LANGUAGE_GUARD}${SESSION_GUARD}</style>`,
    stylesheet,
    head,
    '</head>',
    '<body>',
    `<div id="root" data-language="${DEFAULT_LANGUAGE}">${main.html}</div>`,
    others,
    `<script>${scripts.languageSwap}</script>`,
    `<script data-modules="${escapeAttribute(modules.join(' '))}"${runsAtLoad ? ' data-at-once' : ''}>${scripts.loader}</script>`,
    scripts.afterLoad ? `<script>${scripts.afterLoad}</script>` : '',
    '</body>',
    '</html>',
  ].join('');
}
