import { describe, expect, it } from 'vitest';
import { formNotesLine, HOSTED_NOTES_MAX_LINE } from './form-notes.ts';
import { formPageLine } from './form-page.ts';
import { notesOfSession } from './session-notes.ts';

const note = (body: string, figures: { legacy?: boolean; results?: unknown } | null = null) => ({
  sessionId: 's-1',
  sessionDate: '2026-11-29',
  body,
  figures,
});

describe('notesOfSession', () => {
  const notes = [
    { ...note('today, this session'), sessionId: 's-1' },
    { ...note('today, the other section'), sessionId: 's-2' },
    { ...note('yesterday'), sessionId: 's-0', sessionDate: '2026-11-28' },
  ];

  it("is the session's notes and its day's, and only the session's while the day is not known", () => {
    expect(notesOfSession(notes, 's-1', '2026-11-29').map((n) => n.body)).toEqual(['today, this session', 'today, the other section']);
    expect(notesOfSession(notes, '', '2026-11-28').map((n) => n.body)).toEqual(['yesterday']);
    expect(notesOfSession(notes, 's-1', undefined).map((n) => n.body)).toEqual(['today, this session']);
  });
});

describe('formNotesLine', () => {
  it('is the count and each note, escaped for the page, split by |', () => {
    expect(formNotesLine([note('We redid it\nslower | with <code>'), note("O'Brien's $5 \\ tip")])).toBe(
      '2|We redid it\nslower &#124; with &lt;code&gt;|O&#39;Brien&#39;s &#36;5 &#92; tip',
    );
  });

  it('is empty, leaving the notes to the island, for none, more than the page holds, figures shown, or a line too long', () => {
    expect(formNotesLine([])).toBe('');
    expect(formNotesLine([note('a'), note('b'), note('c'), note('d')])).toBe('');
    expect(formNotesLine([note('a'), note('b', { legacy: true })])).toBe('');
    expect(formNotesLine([note('a', { results: { addressed: {} } })])).toBe('');
    expect(formNotesLine([note('x'.repeat(1000)), note('x'.repeat(1000)), note('x'.repeat(1000))])).not.toBe('');
    expect(formNotesLine([note('"'.repeat(1000)), note('"'.repeat(1000)), note('"'.repeat(1000))])).toBe('');
    expect(HOSTED_NOTES_MAX_LINE).toBeLessThan(16 * 1024);
  });

  it('shows a note whose figures are still pending', () => {
    expect(formNotesLine([note('a', { results: null })])).toBe('1|a');
  });
});

describe('formPageLine', () => {
  it('is the check, then the notes, split by ~, which no text carries', () => {
    expect(formPageLine('n-1|only|loops||We redid it', formNotesLine([note('Wavy ~ line')]))).toBe(
      'n-1|only|loops||We redid it~1|Wavy &#126; line',
    );
    expect(formPageLine('', '')).toBe('~');
  });
});
