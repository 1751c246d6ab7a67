import { render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { CourseNotFound } from './CourseNotFound';

afterEach(() => setLanguage('en'));

describe("the course page's CourseNotFound", () => {
  it('says the course does not exist and leads back to the search', () => {
    render(<CourseNotFound />);
    expect(screen.getByRole('heading', { level: 1, name: 'Course Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The course you're looking for doesn't exist or may have been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for Another Course' })).toHaveAttribute('href', '/course-search');
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<CourseNotFound />);
    expect(screen.getByRole('heading', { level: 1, name: spanish['Course Not Found'] })).toBeInTheDocument();
    expect(screen.getByText(spanish["The course you're looking for doesn't exist or may have been removed."]!)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: spanish['Search for Another Course'] })).toHaveAttribute('href', '/course-search');
  });
});
