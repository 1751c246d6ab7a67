import { render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../i18n/translate';
import spanish from '../../locales/es/student-side';
import { ProfessorNotes, type ShownNote } from './ProfessorNotes';

afterEach(() => setLanguage('en'));

const NOTES: ShownNote[] = [
  {
    id: 'n2',
    sessionDate: '2026-11-25',
    body: 'We did:\nfive extra problems.',
    figures: { before: { mean: 3.14, n: 24 }, after: { mean: 5.2, n: 31 } },
  },
  { id: 'n1', sessionDate: '2026-11-23', body: 'A one-page guide.', figures: null },
];

const notes = () => screen.getAllByTestId('professor-note');

describe('ProfessorNotes', () => {
  it('shows nothing without notes', () => {
    const { container, rerender } = render(<ProfessorNotes notes={undefined} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ProfessorNotes notes={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the notes under "From your professor", newest first, with their dates and figures', () => {
    render(<ProfessorNotes notes={NOTES} />);
    expect(screen.getByRole('region', { name: 'From your professor' })).toBeInTheDocument();
    const [first, second] = notes() as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Wednesday, November 25, 2026');
    expect(within(first).getByText(/five extra problems/)).toHaveTextContent('We did: five extra problems.');
    expect(within(first).getByTestId('note-figures')).toHaveTextContent('Clarity before: 3.1 (n = 24) · after: 5.2 (n = 31)');
    expect(second).toHaveTextContent('Monday, November 23, 2026A one-page guide.');
    expect(within(second).queryByTestId('note-figures')).toBeNull();
  });

  it('without dates where the page says the date already; notes kept on a device have no id', () => {
    render(<ProfessorNotes notes={NOTES.map(({ sessionDate, body }) => ({ sessionDate, body }))} showDates={false} />);
    expect(notes().map((note) => note.textContent)).toEqual(['We did:\nfive extra problems.', 'A one-page guide.']);
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<ProfessorNotes notes={NOTES} />);
    expect(screen.getByRole('region', { name: spanish['From your professor'] })).toBeInTheDocument();
    expect(notes()[0]).toHaveTextContent('miércoles, 25 de noviembre de 2026');
    expect(screen.getByTestId('note-figures')).toHaveTextContent('3.1 (n = 24)');
    expect(screen.getByTestId('note-figures')).not.toHaveTextContent('Clarity before');
  });
});
