import { screen } from '@testing-library/preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import CoursePage from './CoursePage';

afterEach(() => {
  setLanguage('en');
  document.body.innerHTML = '';
});

describe('the course page, as its HTML', () => {
  it('is the site around the loading line, a screen tall, so nothing below moves while the course comes', () => {
    document.body.innerHTML = renderToString(<CoursePage />);
    const loading = screen.getByRole('status');
    expect(loading).toHaveTextContent('Loading course details...');
    expect(loading.parentElement!.className).toContain('min-h_100dvh');
    expect(screen.getByRole('main')).toContainElement(loading);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    document.body.innerHTML = renderToString(<CoursePage />);
    expect(screen.getByRole('status')).toHaveTextContent(spanish['Loading course details...']!);
  });
});
