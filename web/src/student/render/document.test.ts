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
  scripts: { settings: 'settings()', languageSwap: 'swap()', firstReads: 'reads()' },
};

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
    expect([...doc.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? s.textContent)).toEqual([
      'settings()',
      'reads()',
      'swap()',
      '/assets/boot.js',
    ]);
    expect([...doc.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/boot.js',
      '/assets/island.js',
    ]);
    expect([...doc.querySelectorAll('style')].map((s) => s.textContent)).toContain('.a{color:red}');
  });

  it('links its stylesheet under `npm start`', () => {
    const html = studentDocument({ ...parts, styles: { href: '/@student/src/student/styles.css' } });
    expect(html).toContain('<link rel="stylesheet" href="/@student/src/student/styles.css">');
  });
});
