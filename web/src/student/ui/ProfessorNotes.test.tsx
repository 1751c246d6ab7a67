import { act, render, screen, within } from '@testing-library/preact';
import { hydrate } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../i18n/translate';
import spanish from '../../locales/es/student-side';
import { setHostMarkup } from '../runtime/hostMarkup';
import { ProfessorNotes, SessionNotes, type ShownNote } from './ProfessorNotes';

afterEach(() => {
  setLanguage('en');
  setHostMarkup({ check: '', notes: '' });
  document.body.innerHTML = '';
});

// 6, 6, 7, 5, 6 and 3, 4, 3, 2, 3: means 6 and 3, each sd and the differences' √0.5 (intervals ± 0.88).
const SD = Math.sqrt(0.5);
const NOTES: ShownNote[] = [
  {
    id: 'n4',
    sessionDate: '2026-11-27',
    body: 'We did:\nfive extra problems.',
    figures: {
      addressed: { topic: 'the base case', groupId: 'g1' },
      control: { topic: 'the call stack', groupId: 'g2' },
      results: {
        addressed: { n: 5, mean: 6, sd: SD, share: 0.31 },
        control: { n: 5, mean: 3, sd: SD, share: 0.25 },
        paired: { n: 5, mean: 3, sd: SD },
      },
    },
  },
  { id: 'n3', sessionDate: '2026-11-25', body: 'Asked long ago.', figures: { legacy: true } },
  {
    id: 'n2',
    sessionDate: '2026-11-24',
    body: 'Not enough answers yet.',
    figures: { addressed: { topic: 'loops', groupId: null }, control: null, results: null },
  },
  { id: 'n1', sessionDate: '2026-11-23', body: 'A one-page guide.', figures: null },
];

const lines = (note: HTMLElement) => Array.from(within(note).getByTestId('note-figures').children, (line) => line.textContent);

const notes = () => screen.getAllByTestId('professor-note');

/** Not inside a section the island hid. */
const isSeen = (element: HTMLElement) => element.closest('[hidden]') === null;

describe('ProfessorNotes', () => {
  it('shows nothing without notes', () => {
    const { container, rerender } = render(<ProfessorNotes notes={undefined} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ProfessorNotes notes={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the notes under "From your professor", newest first, with their dates and, once shown, their figures', () => {
    render(<ProfessorNotes notes={NOTES} />);
    expect(screen.getByRole('region', { name: 'From your professor' })).toBeInTheDocument();
    const [compared, legacy, pending, plain] = notes() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(compared).toHaveTextContent('Friday, November 27, 2026');
    expect(within(compared).getByText(/five extra problems/)).toHaveTextContent('We did: five extra problems.');
    expect(lines(compared)).toEqual([
      'the base case: 6.0 (5.1 to 6.9), n = 5 · 31 % of the session’s confusions',
      'the call stack: 3.0 (2.1 to 3.9), n = 5 · 25 % of the session’s confusions',
      'Clearer than the call stack by 3.0 (2.1 to 3.9)',
    ]);
    expect(lines(legacy)).toEqual(['No comparison available (asked before controls existed)']);
    expect(within(pending).queryByTestId('note-figures')).toBeNull();
    expect(pending).not.toHaveTextContent('Not enough ratings yet');
    expect(plain).toHaveTextContent('Monday, November 23, 2026A one-page guide.');
    expect(within(plain).queryByTestId('note-figures')).toBeNull();
  });

  it('shows nothing for figures kept on a device in their old shape', () => {
    const old = { before: { mean: 3.14, n: 24 }, after: { mean: 5.2, n: 31 } } as unknown as ShownNote['figures'];
    render(<ProfessorNotes notes={[{ sessionDate: '2026-11-25', body: 'Kept', figures: old }]} />);
    expect(screen.queryByTestId('note-figures')).toBeNull();
  });

  it('without dates where the page says the date already; notes kept on a device have no id', () => {
    render(<ProfessorNotes notes={NOTES.slice(-2).map(({ sessionDate, body }) => ({ sessionDate, body }))} showDates={false} />);
    expect(notes().map((note) => note.textContent)).toEqual(['Not enough answers yet.', 'A one-page guide.']);
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(<ProfessorNotes notes={NOTES} />);
    expect(screen.getByRole('region', { name: spanish['From your professor'] })).toBeInTheDocument();
    const [compared, legacy] = notes() as [HTMLElement, HTMLElement];
    expect(legacy).toHaveTextContent('miércoles, 25 de noviembre de 2026');
    expect(lines(compared)).toEqual([
      'the base case: 6.0 (5.1 a 6.9), n = 5 · 31 % de las confusiones de la sesión',
      'the call stack: 3.0 (2.1 a 3.9), n = 5 · 25 % de las confusiones de la sesión',
      'Más claro que the call stack por 3.0 (2.1 a 3.9)',
    ]);
    expect(lines(legacy)).toEqual([spanish['No comparison available (asked before controls existed)']]);
  });
});

describe('SessionNotes', () => {
  const READ: ShownNote[] = [{ id: 'n1', sessionDate: '2026-11-29', body: 'Read by the island.', figures: null }];
  let showRead: (notes: ShownNote[]) => void = () => {};

  function Island() {
    const [read, setRead] = useState<ShownNote[] | undefined>(undefined);
    showRead = setRead;
    return <SessionNotes notes={read} />;
  }

  /** The page as a host serves it: the build's HTML, with the host's notes where its commands were. */
  function served(hostedItems: string) {
    setHostMarkup({ check: '', notes: hostedItems });
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Island />);
    document.body.append(host);
    setHostMarkup({ check: '', notes: '' });
    return host;
  }

  it('draws the notes it reads where the host wrote none, under "From your professor" and without dates', () => {
    render(<Island />);
    expect(screen.queryAllByTestId('professor-note')).toEqual([]);
    act(() => showRead(READ));
    expect(screen.getAllByTestId('professor-note').map((note) => note.textContent)).toEqual(['Read by the island.']);
    expect(screen.getByRole('region', { name: 'From your professor' })).toContainElement(screen.getByTestId('professor-note'));
  });

  it("keeps the notes the host served as they are, and never draws the read's a second time", () => {
    const host = served('<li data-testid="professor-note"><p>Read by the island.</p></li>');
    const servedNote = host.querySelector('li');
    act(() => {
      hydrate(<Island />, host);
    });
    act(() => showRead(READ));
    expect(within(host).getAllByTestId('professor-note')).toEqual([servedNote]);
    expect(within(host).getByRole('region', { name: 'From your professor' })).toContainElement(servedNote);
  });

  it('shows the notes of a page kept on the device until its read says otherwise, then only the read ones', () => {
    const host = served('<li data-testid="professor-note"><p>Kept from this morning.</p></li>');
    act(() => {
      hydrate(<Island />, host);
    });
    expect(within(host).getByTestId('professor-note')).toHaveTextContent('Kept from this morning.');
    act(() => showRead(READ));
    expect(
      within(host)
        .getAllByTestId('professor-note')
        .filter(isSeen)
        .map((note) => note.textContent),
    ).toEqual(['Read by the island.']);
    expect(within(host).getByRole('region', { name: 'From your professor' })).toContainElement(
      within(host).getByText('Read by the island.'),
    );
  });

  it('draws the read notes where they have figures since, which the host never writes', () => {
    const host = served('<li data-testid="professor-note"><p>Read by the island.</p></li>');
    act(() => {
      hydrate(<Island />, host);
    });
    act(() => showRead([{ ...READ[0]!, figures: NOTES[0]!.figures }]));
    const seen = within(host).getAllByTestId('professor-note').filter(isSeen);
    expect(seen).toHaveLength(1);
    expect(within(seen[0]!).getByTestId('note-figures')).toBeInTheDocument();
  });

  it('draws the read notes after hydrating a page the host served without any', () => {
    const host = served('');
    act(() => {
      hydrate(<Island />, host);
    });
    expect(host.querySelector('li')).toBeNull();
    act(() => showRead(READ));
    expect(
      within(host)
        .getAllByTestId('professor-note')
        .map((note) => note.textContent),
    ).toEqual(['Read by the island.']);
  });
});
