import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ProfessorSubmission } from './api/submission-rows';
import { CSV_HEADER, csvFileName, submissionsCsv } from './csv';

const base: ProfessorSubmission = {
  id: '1',
  courseId: 'c',
  course: { code: 'COSC 1337', name: 'Intro, "Programming"' },
  kind: 'quick',
  topic: 'Recursion, again',
  confusion: 'He said "base case"\nthen moved on; 再帰がわからない — ñ',
  difficultyLevel: 'very',
  createdAt: '2026-11-21T10:00:00.000Z',
  reviewedAt: null,
  hiddenAt: null,
  mindAfterSession: null,
  unclearParts: null,
  wentWell: null,
  pace: null,
  challengeLevel: null,
  clarityRating: null,
  confidenceLevel: null,
  reply: null,
};

describe('submissionsCsv', () => {
  it('round-trips commas, quotes, newlines and non-Latin text', async () => {
    const csv = await submissionsCsv([
      base,
      { ...base, id: '2', kind: 'session', difficultyLevel: null, clarityRating: 7, confidenceLevel: 85 },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(CSV_HEADER);
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data[0]).toMatchObject({
      id: '1',
      courseName: 'Intro, "Programming"',
      topic: 'Recursion, again',
      confusion: base.confusion,
      difficultyLevel: 'very',
      reviewedAt: '',
    });
    expect(parsed.data[1]).toMatchObject({ kind: 'session', difficultyLevel: '', clarityRating: '7', confidenceLevel: '85' });
  });

  it('uses CRLF line endings and defuses spreadsheet formulas', async () => {
    const csv = await submissionsCsv([{ ...base, topic: '=HYPERLINK("http://evil")' }]);
    expect(csv).toContain('\r\n');
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data[0]!.topic).toBe('\'=HYPERLINK("http://evil")');
  });

  it('defuses formulas that span several lines, and every formula start', async () => {
    const multiLine = '=HYPERLINK("http://evil",\n"click me")';
    const starts = ['+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1'];
    const csv = await submissionsCsv([
      { ...base, confusion: multiLine, mindAfterSession: '=1\r\n+2', wentWell: 'Fine\n=not a formula here' },
      ...starts.map((topic, index) => ({ ...base, id: String(index + 2), topic })),
    ]);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toMatchObject({
      confusion: `'${multiLine}`,
      mindAfterSession: "'=1\r\n+2",
      wentWell: 'Fine\n=not a formula here',
    });
    expect(parsed.data.slice(1).map((row) => row.topic)).toEqual(starts.map((topic) => `'${topic}`));
  });
});

describe('csvFileName', () => {
  it('names the course or all courses and the day', () => {
    const day = new Date(2026, 10, 21);
    expect(csvFileName('COSC 1337', day)).toBe('classpulse-feedback-COSC-1337-2026-11-21.csv');
    expect(csvFileName(undefined, day)).toBe('classpulse-feedback-all-courses-2026-11-21.csv');
  });
});
