import { effectOf, verdictOf, verdictText } from '../../shared/topicComparison';
import type { TermReport } from './api/get-term-report';

/** The columns of the report's CSV, one table for every section: `section` says what a row is. */
export const REPORT_CSV_HEADER = [
  'section',
  'date',
  'topic',
  'responses',
  'meanClarity',
  'meanConfidence',
  'pace',
  'challenge',
  'text',
  'students',
  'addressedTopic',
  'controlTopic',
  'verdict',
  'difference',
  'differenceLow',
  'differenceHigh',
  'alarmStart',
  'alarmEnd',
  'alarmLost',
  'alarmRecent',
] as const;

type Column = (typeof REPORT_CSV_HEADER)[number];
type Row = Partial<Record<Column, string | number | boolean | null>>;

/** Text a spreadsheet would run as a formula (as the dashboard's export: only the first character matters). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The verdict's English words: the CSV is one language for everyone (as its column names). */
const english = (key: string, values: Record<string, string | number> = {}) =>
  key.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));

/** A number to one decimal, as a number (so a negative one is not taken for a formula). */
const tenths = (value: number | undefined) => (value === undefined ? null : Math.round(value * 10) / 10);

/** A note's topics and its verdict: the difference addressed − control with its 95 % interval, when there is one. */
function noteColumns(note: TermReport['notes'][number], minResponses: number): Row {
  const { figures } = note;
  if (!figures) return {};
  const verdict = verdictOf(figures);
  const effect = effectOf(verdict);
  return {
    addressedTopic: figures.legacy ? null : figures.addressed.topic,
    controlTopic: figures.legacy ? null : figures.control?.topic,
    verdict: verdictText(english, verdict, minResponses),
    difference: tenths(effect?.estimate),
    differenceLow: tenths(effect?.low),
    differenceHigh: tenths(effect?.high),
  };
}

/** "too_slow 1; just_right 4": a distribution's non-zero counts. */
const counts = (values: Record<string, number> | null) =>
  values
    ? Object.entries(values)
        .filter(([, n]) => n > 0)
        .map(([key, n]) => `${key} ${n}`)
        .join('; ')
    : null;

/** The report as rows: sessions, then each week's confusions, the notes and the alarm's peaks. */
export function reportRows(report: TermReport): Row[] {
  return [
    ...report.sessions.map((s) => ({
      section: 'session',
      date: s.sessionDate,
      topic: s.topic,
      responses: s.count,
      meanClarity: s.meanClarity,
      meanConfidence: s.meanConfidence,
      pace: s.protected ? 'protected' : counts(s.pace),
      challenge: s.protected ? 'protected' : counts(s.challenge),
    })),
    ...report.weeks.flatMap((w) =>
      w.confusions.map((c) => ({ section: 'confusion', date: c.sessionDate, text: c.text, students: c.students })),
    ),
    ...report.notes.map((n) => ({
      section: 'note',
      date: n.sessionDate,
      text: n.body,
      ...noteColumns(n, report.minResponses),
    })),
    ...report.alarmPeaks.map((p) => ({
      section: 'alarm',
      date: p.sessionDate,
      alarmStart: p.startAt,
      alarmEnd: p.endAt,
      alarmLost: p.lost,
      alarmRecent: p.recent,
    })),
  ];
}

/** RFC 4180 with a byte-order mark and CRLF, like the dashboard's export; papaparse loads on demand. */
export async function reportCsv(report: TermReport): Promise<string> {
  const { unparse } = await import('papaparse');
  const body = unparse(
    { fields: [...REPORT_CSV_HEADER], data: reportRows(report).map((row) => REPORT_CSV_HEADER.map((column) => row[column] ?? '')) },
    { newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START },
  );
  return `\uFEFF${body}\r\n`;
}

/** "classpulse-report-COSC-1337-2026-09-01-2026-12-11.csv". */
export function reportFileName(report: Pick<TermReport, 'code' | 'from' | 'to'>): string {
  const code = report.code.trim().replace(/[^\p{L}\p{N}._-]+/gu, '-');
  return `classpulse-report-${code}-${report.from}-${report.to}.csv`;
}
