import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { queryKeys } from '../../../lib/queryKeys';
import type { CHALLENGE_LABELS, DifficultyLevel, PACE_LABELS } from '../../../shared/labels';

export interface SessionInsight {
  sessionId: string;
  sessionDate: string;
  courseId: string;
  courseCode: string;
  topic: string | null;
  count: number;
  sessionFeedbackCount: number;
  meanClarity: number | null;
  meanConfidence: number | null;
  pace: Record<keyof typeof PACE_LABELS, number>;
  challenge: Record<keyof typeof CHALLENGE_LABELS, number>;
  difficulty: Record<DifficultyLevel, number>;
  topTerms: { term: string; count: number }[];
}

/** The dashboard shows the last six sessions of the last 30 days. */
export const INSIGHT_DAYS = 30;
export const INSIGHT_SESSIONS = 6;

/** GET /api/analytics/session-insights?courseId=&days=&maxSessions=: per-session breakdowns, newest first. */
export async function getSessionInsights(courseId?: string, days = INSIGHT_DAYS, maxSessions = INSIGHT_SESSIONS): Promise<SessionInsight[]> {
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
