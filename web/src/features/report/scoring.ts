import type { ReportSession, ShownReportSession } from './api/get-term-report';

/** Pace and challenge as one number: −2 (too slow / far too easy) to +2 (too fast / far too hard). */
export const PACE_WEIGHTS = { too_slow: -2, slightly_slow: -1, just_right: 0, slightly_fast: 1, too_fast: 2 } as const;
export const CHALLENGE_WEIGHTS = {
  far_too_easy: -2,
  slightly_easy: -1,
  challenging_manageable: 0,
  slightly_hard: 1,
  far_too_hard: 2,
} as const;

/** The answers' mean on the weights' scale, to two decimals; null when there is no answer. */
export function score<K extends string>(counts: Record<K, number>, weights: Record<K, number>): number | null {
  const keys = Object.keys(weights) as K[];
  const n = keys.reduce((sum, key) => sum + (counts[key] ?? 0), 0);
  if (n === 0) return null;
  return Math.round((keys.reduce((sum, key) => sum + (counts[key] ?? 0) * weights[key], 0) / n) * 100) / 100;
}

export interface PaceScore {
  session: ReportSession;
  /** null: the session is protected (too few responses) or has no such answer. */
  pace: number | null;
  challenge: number | null;
}

/** Each session's pace and challenge scores, in the sessions' order: the pace chart's points. */
export function paceScores(sessions: ReportSession[]): PaceScore[] {
  return sessions.map((session) => ({
    session,
    pace: session.protected ? null : score(session.pace, PACE_WEIGHTS),
    challenge: session.protected ? null : score(session.challenge, CHALLENGE_WEIGHTS),
  }));
}

/** How a score reads: above +0.25 high (too fast, too hard), below −0.25 low, else about right; null without a score. */
export function leaning(value: number | null): 'low' | 'right' | 'high' | null {
  if (value === null) return null;
  return value > 0.25 ? 'high' : value < -0.25 ? 'low' : 'right';
}

/** The shown sessions with a mean clarity, in order: the clarity summary's first and last. */
export function sessionsWithMeans(sessions: ReportSession[]): ShownReportSession[] {
  return sessions.filter((s): s is ShownReportSession => !s.protected).filter((s) => s.meanClarity !== null);
}

/** Every response of the range's sessions. */
export const totalResponses = (sessions: ReportSession[]) => sessions.reduce((sum, s) => sum + s.count, 0);
