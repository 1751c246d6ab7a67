import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import type { Breakdowns } from '../../../shared/labels';
import { i18n } from '../../../i18n/i18n';

interface SessionInsightBase {
  sessionId: string;
  sessionDate: string;
  courseId: string;
  courseCode: string;
  topic: string | null;
  count: number;
  sessionFeedbackCount: number;
  /** The course's small-class minimum: breakdowns are shown from this many responses on. */
  minResponses: number;
}

/** A session with enough responses: every breakdown. */
export interface ShownSessionInsight extends SessionInsightBase, Breakdowns {
  protected: false;
  topTerms: { term: string; count: number }[];
}

/** A session below the course's minimum (small-class protection): counts only. */
export interface ProtectedSessionInsight extends SessionInsightBase {
  protected: true;
  meanClarity: null;
  meanConfidence: null;
  pace: null;
  challenge: null;
  difficulty: null;
  topTerms: [];
}

export type SessionInsight = ShownSessionInsight | ProtectedSessionInsight;

/** The line a protected session shows instead of its breakdowns. */
export const protectionLine = (minResponses: number) => i18n.t('Shown from {{n}} responses, to protect anonymity', { n: minResponses });

/** The dashboard shows the last six sessions of the last 30 days. */
export const INSIGHT_DAYS = 30;
export const INSIGHT_SESSIONS = 6;

/**
 * GET /api/analytics/session-insights?courseId=&days=&maxSessions=: per-session breakdowns, newest
 * first; a session below its course's minimum of responses comes with its counts only.
 */
export async function getSessionInsights(
  courseId?: string,
  days = INSIGHT_DAYS,
  maxSessions = INSIGHT_SESSIONS,
): Promise<SessionInsight[]> {
  const { db } = await dataClients();
  const args = { days, max_sessions: maxSessions, ...(courseId ? { course_id: courseId } : {}) };
  return jsonAs<SessionInsight[]>(dataOrThrow(await db.rpc('session_insights', args)));
}

export const sessionInsightsQueryOptions = (courseId?: string) =>
  queryOptions({
    queryKey: queryKeys.analytics.sessionInsights(courseId, INSIGHT_DAYS, INSIGHT_SESSIONS),
    queryFn: () => getSessionInsights(courseId),
  });

export const useSessionInsights = (courseId?: string) => useQuery(sessionInsightsQueryOptions(courseId));
