import { render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { CourseNotFound } from './CourseNotFound';

afterEach(() => setLanguage('en'));

const CHECKS = [
  'The spelling of the course code',
  'The exact format, e.g. COSC 1337 (letters, a space, then numbers)',
  'That the course is active this semester',
];

describe("course search's CourseNotFound", () => {
  it('says no course has that code, and what to check', () => {
    render(<CourseNotFound />);
    expect(screen.getByRole('heading', { level: 2, name: 'Course Not Found' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find a course with that code. Please check:")).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CHECKS);
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<CourseNotFound />);
    expect(screen.getByRole('heading', { level: 2, name: spanish['Course Not Found'] })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CHECKS.map((text) => spanish[text]));
  });
});
