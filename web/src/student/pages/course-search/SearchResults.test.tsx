import { render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import type { FoundCourse } from '../../../shared/api/search-courses';
import { SearchResults } from './SearchResults';

afterEach(() => setLanguage('en'));

const course = (overrides: Partial<FoundCourse> = {}): FoundCourse => ({
  id: 'c0000000-0000-4000-8000-000000001337',
  code: 'COSC 1337',
  name: 'Introduction to Programming',
  section: null,
  term: 'Fall 2026',
  endedAt: null,
  instructors: ['Dr. Ada Lovelace'],
  ...overrides,
});

describe('SearchResults', () => {
  it('lists each course: code, name, term, instructors, its badges and a link to its page', () => {
    render(<SearchResults courses={[course(), course({ id: 'other', section: '002', instructors: ['Dr. Pat Lee', 'Dr. Sam Roe'] })]} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('COSC 1337');
    expect(within(first).getByText('Introduction to Programming')).toBeInTheDocument();
    expect(within(first).getByText('Fall 2026')).toBeInTheDocument();
    expect(first).not.toHaveTextContent('Section');
    expect(within(first).getByText('Taught by Dr. Ada Lovelace')).toBeInTheDocument();
    expect(within(first).getByText('Active Course')).toBeInTheDocument();
    expect(within(first).getByText('Anonymous Feedback')).toBeInTheDocument();
    const link = within(first).getByRole('link', { name: 'View Course COSC 1337' });
    expect(link).toHaveAttribute('href', '/courses/c0000000-0000-4000-8000-000000001337');
    expect(link).toHaveTextContent('View Course');

    expect(within(second).getByText('Section 002 · Fall 2026')).toBeInTheDocument();
    expect(within(second).getByText('Taught by Dr. Pat Lee and Dr. Sam Roe')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'View Course COSC 1337' })).toHaveAttribute('href', '/courses/other');
  });

  it('says nothing of instructors when none chose to show a name', () => {
    render(<SearchResults courses={[course({ instructors: [] })]} />);
    expect(screen.queryByText(/Taught by/)).toBeNull();
  });

  it('in Spanish, the instructors listed as Spanish lists them', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<SearchResults courses={[course({ section: '002', instructors: ['Dr. Pat Lee', 'Dr. Sam Roe'] })]} />);
    const item = within(screen.getByRole('list', { name: spanish['Search results'] })).getByRole('listitem');
    expect(item).toHaveTextContent(spanish['Section {{section}}']!.replace('{{section}}', '002'));
    expect(item).toHaveTextContent(spanish['Taught by {{names}}']!.replace('{{names}}', 'Dr. Pat Lee y Dr. Sam Roe'));
    expect(within(item).getByText(spanish['Active Course']!)).toBeInTheDocument();
    expect(within(item).getByText(spanish['Anonymous Feedback']!)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: spanish['View Course {{code}}']!.replace('{{code}}', 'COSC 1337') })).toHaveTextContent(
      spanish['View Course']!,
    );
  });
});
