import type { ProfessorSubmission } from './api/submission-rows';

/** Columns of the export, in order: header → value. */
const COLUMNS: [string, (row: ProfessorSubmission) => string | number | null][] = [
  ['id', (row) => row.id],
  ['createdAt', (row) => row.createdAt],
  ['courseCode', (row) => row.course.code],
  ['courseName', (row) => row.course.name],
  ['kind', (row) => row.kind],
  ['topic', (row) => row.topic],
  ['difficultyLevel', (row) => row.difficultyLevel],
  ['confusion', (row) => row.confusion],
  ['mindAfterSession', (row) => row.mindAfterSession],
  ['wentWell', (row) => row.wentWell],
  ['pace', (row) => row.pace],
  ['challengeLevel', (row) => row.challengeLevel],
  ['clarityRating', (row) => row.clarityRating],
  ['confidenceLevel', (row) => row.confidenceLevel],
  ['reviewedAt', (row) => row.reviewedAt],
  ['hiddenAt', (row) => row.hiddenAt],
];

export const CSV_HEADER = COLUMNS.map(([name]) => name);

/**
 * Text a spreadsheet would run as a formula: =, +, -, @, tab or CR first. papaparse's own
 * `escapeFormulae: true` is /^[=+\-@\t\r].*$/, whose `.` stops at a line break, so a multi-line
 * "=…" would slip through; only the first character matters.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180 CSV (CRLF, fields with commas, quotes or line breaks quoted, quotes doubled), UTF-8
 * with a byte-order mark so spreadsheet programs read non-Latin text correctly. Student text
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with a quote.
 * papaparse is loaded only when a professor exports.
 */
export async function submissionsCsv(rows: ProfessorSubmission[]): Promise<string> {
  const { unparse } = await import('papaparse');
  const body = unparse(
    { fields: CSV_HEADER, data: rows.map((row) => COLUMNS.map(([, value]) => value(row) ?? '')) },
    { newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START },
  );
  return `\uFEFF${body}\r\n`;
}

/** "classpulse-feedback-COSC-1337-2026-11-21.csv" (or "-all-courses-"). */
export function csvFileName(courseCode: string | undefined, today = new Date()): string {
  const scope = courseCode ? courseCode.trim().replace(/[^\p{L}\p{N}._-]+/gu, '-') : 'all-courses';
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return `classpulse-feedback-${scope}-${date}.csv`;
}
