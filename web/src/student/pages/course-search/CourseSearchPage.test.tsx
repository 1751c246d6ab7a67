import { render, screen, within } from '@testing-library/preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import CourseSearchPage from './CourseSearchPage';

vi.mock('../../../shared/api/search-courses', () => ({ searchCourses: vi.fn() }));

afterEach(() => setLanguage('en'));

describe('the course search page', () => {
  it('has its heading, its form and the way back home', () => {
    render(<CourseSearchPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find Your Course');
    expect(screen.getByText('Enter your course code to view the course and share anonymous feedback.')).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Course search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('ends with the copyright line linking to /user-stories, as the pages but the landing page do', () => {
    render(<CourseSearchPage />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: /© \d{4} ClassPulse/ })).toHaveAttribute('href', '/user-stories');
  });

  it('is, as HTML, a form that searches without a script: a GET of `code` to this page, its button enabled', () => {
    document.body.innerHTML = renderToString(<CourseSearchPage />);
    const form = screen.getByRole('search', { name: 'Course search' }) as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/course-search');
    expect(screen.getByLabelText('Course code')).toHaveAttribute('name', 'code');
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    document.body.innerHTML = '';
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<CourseSearchPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(spanish['Find Your Course']!);
    expect(screen.getByRole('link', { name: spanish['Back to Home'] })).toHaveAttribute('href', '/');
  });
});
