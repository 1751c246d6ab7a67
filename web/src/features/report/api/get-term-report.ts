import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import type { FollowUpFigures } from '../../../shared/api/get-course-notes';

export type PaceCounts = Record<'too_slow' | 'slightly_slow' | 'just_right' | 'slightly_fast' | 'too_fast', number>;
export type ChallengeCounts = Record<
  'far_too_easy' | 'slightly_easy' | 'challenging_manageable' | 'slightly_hard' | 'far_too_hard',
  number
>;

interface ReportSessionBase {
  sessionId: string;
  sessionDate: string;
  topic: string | null;
  /** Every response of the session, hidden and unreviewed ones included (as the dashboard counts). */
  count: number;
  sessionFeedbackCount: number;
}

/** A session from the course's minimum of responses on: its means and distributions. */
export interface ShownReportSession extends ReportSessionBase {
  protected: false;
  meanClarity: number | null;
  meanConfidence: number | null;
  pace: PaceCounts;
  challenge: ChallengeCounts;
}

/** A session below the minimum (small-class protection): its counts only. */
export interface ProtectedReportSession extends ReportSessionBase {
  protected: true;
  meanClarity: null;
  meanConfidence: null;
  pace: null;
  challenge: null;
}

export type ReportSession = ShownReportSession | ProtectedReportSession;

export interface TermReport {
  courseId: string;
  code: string;
  name: string;
  /** The range, YYYY-MM-DD: the term's first to last session unless chosen. */
  from: string;
  to: string;
  minResponses: number;
  reviewBeforePublishing: boolean;
  sessions: ReportSession[];
  /** Each week's (Monday's) three most shared confusions: published texts of shown sessions only. */
  weeks: { weekStart: string; confusions: { text: string; students: number; sessionDate: string }[] }[];
  notes: {
    id: string;
    sessionId: string;
    sessionDate: string;
    body: string;
    createdAt: string;
    /** An old note's single check question (no longer asked). */
    checkQuestion: string | null;
    /**
     * Its check (shared/topicComparison.ts): the topic it answered and its control, with their
     * ratings once each side reaches the minimum; `{legacy: true}` for an old single question;
     * null when the note asks nothing.
     */
    figures: FollowUpFigures | null;
  }[];
  /** Where the live view's alarm rule fired: each run of firing windows, with its highest share. */
  alarmPeaks: { sessionId: string; sessionDate: string; startAt: string; endAt: string; recent: number; lost: number; share: number }[];
}

export interface ReportRange {
  from?: string;
  to?: string;
}

/** GET /api/analytics/term-report/{courseId}?from=&to=: the course's term (rpc term_report). */
export async function getTermReport(courseId: string, range: ReportRange = {}): Promise<TermReport> {
  const { db } = await dataClients();
  const args = { course_id: courseId, ...(range.from ? { from_date: range.from } : {}), ...(range.to ? { to_date: range.to } : {}) };
  return jsonAs<TermReport>(dataOrThrow(await db.rpc('term_report', args)));
}

export const termReportQueryOptions = (courseId: string, range: ReportRange = {}) =>
  queryOptions({
    queryKey: queryKeys.analytics.termReport(courseId, range.from, range.to),
    queryFn: () => getTermReport(courseId, range),
  });

export const useTermReport = (courseId: string, range: ReportRange = {}) => useQuery(termReportQueryOptions(courseId, range));
