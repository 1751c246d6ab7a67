// The term report's CSV: its columns, a row per session, confusion, note (with its verdict) and
// alarm peak, and text a spreadsheet would run as a formula escaped.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { REPORT } from '../../test/termReport';
import { REPORT_CSV_HEADER, reportCsv, reportRows } from './csv';

const noteColumns = ['text', 'addressedTopic', 'controlTopic', 'verdict', 'difference', 'differenceLow', 'differenceHigh'] as const;

describe('the report’s CSV', () => {
  it('gives each note its topics, its verdict in English and its difference to one decimal, in the report’s order', () => {
    const notes = reportRows(REPORT).filter((row) => row.section === 'note');
    expect(notes.map((row) => noteColumns.map((column) => row[column] ?? ''))).toEqual([
      ['Note n1', '', '', 'No comparison available (asked before controls existed)', '', '', ''],
      ['Note n2', 'sorting', 'big O', 'Not enough ratings yet (shown from 5 on each side).', '', '', ''],
      // −2 ± 0.878: the verdict says the control's lead, the columns the signed difference.
      ['Note n3', 'pointers', 'arrays', 'Less clear than arrays by 2.0 (1.1 to 2.9)', -2, -2.9, -1.1],
      ['Note n4', '', '', '', '', '', ''],
      ['Note n5', 'the base case', 'the call stack', 'Clearer than the call stack by 3.0 (2.1 to 3.9)', 3, 2.1, 3.9],
      ['Note n6', 'pivot choice', 'merging', 'No clear difference from merging: 0.4 (−0.5 to 1.3)', 0.4, -0.5, 1.3],
    ]);
  });

  it('writes the columns, numbers as numbers, and escapes text that starts like a formula', async () => {
    const report = {
      ...REPORT,
      notes: [
        {
          ...REPORT.notes[4]!,
          body: '=HYPERLINK("x")',
          figures: {
            addressed: { topic: '-the base case', groupId: null },
            control: { topic: '@the call stack', groupId: null },
            results: {
              addressed: { n: 5, mean: 2, sd: 1 },
              control: { n: 5, mean: 4, sd: 1 },
              paired: { n: 5, mean: -2, sd: Math.SQRT1_2 },
            },
          },
        },
      ],
    };
    const csv = await reportCsv(report);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = Papa.parse<string[]>(csv.slice(1).trim(), { newline: '\r\n' }).data;
    expect(header).toEqual([...REPORT_CSV_HEADER]);
    const note = Object.fromEntries(header!.map((column, i) => [column, rows.find((row) => row[0] === 'note')![i]]));
    expect(note).toMatchObject({
      text: `'=HYPERLINK("x")`,
      addressedTopic: "'-the base case",
      controlTopic: "'@the call stack",
      verdict: 'Less clear than @the call stack by 2.0 (1.1 to 2.9)',
      difference: '-2',
      differenceLow: '-2.9',
      differenceHigh: '-1.1',
    });
  });
});
