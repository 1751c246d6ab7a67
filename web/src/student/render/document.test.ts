import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StudentPage } from '../page';
import { studentDocument } from './document';

const page: StudentPage = {
  path: '/submit',
  file: 'submit.html',
  title: 'Submit',
  component: 'x',
  referrerPolicy: 'no-referrer-when-downgrade',
};
const parts = {
  page,
  bodies: {
    en: { html: '<main>Share</main>', title: 'Submit Feedback · ClassPulse' },
    es: { html: '<main>Comparte</main>', title: 'Enviar <comentarios>' },
  },
  boot: '/assets/boot.js',
  preload: ['/assets/island.js'],
  runsAtLoad: true,
  scripts: { settings: 'settings()', languageSwap: 'swap()', loader: 'load()', firstReads: 'reads()' },
};
/** The same page whose islands all wait for their first use. */
const waiting = { ...parts, runsAtLoad: false };

// happy-dom's URL is not Node's: files are found by path.
const web = path.resolve(import.meta.dirname, '../../..');

describe('a student page document', () => {
  it('holds the page in every language, its scripts in order, and its styles inline in a build', () => {
    const html = studentDocument({ ...parts, styles: { inline: '.a{color:red}' } });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.title).toBe('Submit Feedback · ClassPulse');
    expect(doc.getElementById('root')?.innerHTML).toBe('<main>Share</main>');
    const spanish = doc.querySelector('template[data-language="es"]') as HTMLTemplateElement;
    expect(spanish.dataset.title).toBe('Enviar <comentarios>');
    expect(spanish.innerHTML).toBe('<main>Comparte</main>');
    expect(doc.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer-when-downgrade');
    expect([...doc.querySelectorAll('script')].map((s) => s.textContent)).toEqual(['settings()', 'reads()', 'swap()', 'load()']);
    const loader = doc.querySelectorAll('script')[3]!;
    expect([loader.dataset.modules, loader.hasAttribute('data-at-once')]).toEqual(['/assets/boot.js /assets/island.js', true]);
    // Fetched by the loader after the first paint, not named to the browser before it.
    expect(doc.querySelectorAll('link[rel=modulepreload], script[src]')).toHaveLength(0);
    expect([...doc.querySelectorAll('style')].map((s) => s.textContent)).toContain('.a{color:red}');
  });

  it('fetches no code before its first paint when every island waits for its first use: the loader names it', () => {
    const doc = new DOMParser().parseFromString(studentDocument({ ...waiting, styles: { inline: '' } }), 'text/html');
    expect(doc.querySelectorAll('link[rel=modulepreload], script[src]')).toHaveLength(0);
    const loader = doc.querySelectorAll('script')[3]!;
    expect([loader.textContent, loader.dataset.modules, loader.hasAttribute('data-at-once')]).toEqual([
      'load()',
      '/assets/boot.js /assets/island.js',
      false,
    ]);
  });

  it('links its stylesheet under `npm start`', () => {
    const html = studentDocument({ ...parts, styles: { href: '/@student/src/student/styles.css' } });
    expect(html).toContain('<link rel="stylesheet" href="/@student/src/student/styles.css">');
  });

  // An SVG icon is drawn in a document of its own on the page's main thread: a 60-140 ms task on a
  // 4x slower phone (docs/decisions/first-paint.md, "The icon is a PNG").
  it('names a PNG icon that the site serves, as the professor app does', () => {
    const doc = new DOMParser().parseFromString(studentDocument({ ...parts, styles: { inline: '' } }), 'text/html');
    const icon = doc.querySelector('link[rel=icon]');
    expect([icon?.getAttribute('type'), icon?.getAttribute('href')]).toEqual(['image/png', '/favicon.png']);
    const app = new DOMParser().parseFromString(readFileSync(path.join(web, 'app.html'), 'utf8'), 'text/html');
    expect(app.querySelector('link[rel=icon]')?.getAttribute('href')).toBe('/favicon.png');
    const png = readFileSync(path.join(web, 'public/favicon.png'));
    expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
  });
});
