// "Notes and Follow-up" from a term report given by the test: the notes by effect with their
// verdicts, the topics each compared, and the chart of the differences (what worked this term).
import { within } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp, screen } from '../../test/renderInApp';
import { cells } from '../../test/tables';
import { REPORT } from '../../test/termReport';
import type { TermReport } from './api/get-term-report';
import { NotesSection } from './NotesSection';

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
});

const show = async (report: TermReport = REPORT) => ({ unmount } = await renderInApp(<NotesSection report={report} />));
const section = (name: string) => within(screen.getByRole('region', { name }));

describe('NotesSection', () => {
  it('lists the notes by effect, largest difference first, each with its verdict; then the others as given', async () => {
    await show();
    const notes = section('Notes and Follow-up');
    expect(notes.getAllByTestId('report-note').map((note) => within(note).getByText(/^Note n\d$/).textContent)).toEqual([
      'Note n5',
      'Note n6',
      'Note n3',
      'Note n1',
      'Note n2',
      'Note n4',
    ]);
    expect(notes.getAllByTestId('report-note-result').map((result) => result.textContent)).toEqual([
      'Clearer than the call stack by 3.0 (2.1 to 3.9)',
      'No clear difference from merging: 0.4 (−0.5 to 1.3)',
      'Less clear than arrays by 2.0 (1.1 to 2.9)',
      'No comparison available (asked before controls existed)',
      'Not enough ratings yet (shown from 5 on each side).',
      'No check question.',
    ]);
  });

  it('names the topics a note compared, with each one’s mean, interval and share', async () => {
    await show();
    const [best, , , legacy, pending] = section('Notes and Follow-up').getAllByTestId('report-note');
    expect(within(best!).getByTestId('report-note-topics').textContent).toBe('Confusion answered: the base case · control: the call stack');
    // 5.5 and 2.5 ± 2.776 · 1 / √5 = ± 1.24.
    expect(within(best!).getByText('the base case: 5.5 (4.3 to 6.7), n = 5 · 40 % of the session’s confusions')).toBeTruthy();
    expect(within(best!).getByText('the call stack: 2.5 (1.3 to 3.7), n = 5 · 20 % of the session’s confusions')).toBeTruthy();
    expect(within(pending!).getByTestId('report-note-topics').textContent).toBe('Confusion answered: sorting · control: big O');
    expect(within(legacy!).getByText('Check question: Is recursion clearer now?')).toBeTruthy();
    expect(within(legacy!).queryByTestId('report-note-topics')).toBeNull();
  });

  it('draws what worked this term, and lists the differences and their intervals as the chart’s values', async () => {
    await show();
    const notes = section('Notes and Follow-up');
    expect(notes.getByRole('heading', { name: 'What worked this term' })).toBeTruthy();
    expect(notes.getByTestId('effects-chart-summary').textContent).toBe(
      'Notes compared: 3; clearer than their control: 1, no clear difference: 1, less clear: 1. The largest difference: 3.0 (2.1 to 3.9) for the base case.',
    );
    expect(cells(notes.getByRole('table', { name: 'The chart’s values' }))).toEqual([
      ['the base case', '3.0', '2.1', '3.9'],
      ['pivot choice', '0.4', '−0.5', '1.3'],
      ['pointers', '−2.0', '−2.9', '−1.1'],
    ]);
  });

  it('says so instead of a chart when no note has a difference yet', async () => {
    await show({ ...REPORT, notes: REPORT.notes.filter((note) => !['n3', 'n5', 'n6'].includes(note.id)) });
    const notes = section('Notes and Follow-up');
    expect(notes.getAllByTestId('report-note')).toHaveLength(3);
    expect(notes.queryByRole('table')).toBeNull();
    expect(notes.getByTestId('effects-chart-none').textContent).toBe(
      'No note has a difference to show yet: it comes once enough students rated both of a note’s topics.',
    );
  });

  it('says when the range has no note', async () => {
    await show({ ...REPORT, notes: [] });
    expect(section('Notes and Follow-up').getByText('No notes in this range.')).toBeTruthy();
  });
});
