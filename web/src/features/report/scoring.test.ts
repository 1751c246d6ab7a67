// The term report's pace and challenge scores (−2 to +2), how they read, and the sessions its
// clarity summary and response count are taken from.
import { describe, expect, it } from 'vitest';
import type { ProtectedReportSession, ReportSession, ShownReportSession } from './api/get-term-report';
import { CHALLENGE_WEIGHTS, PACE_WEIGHTS, leaning, paceScores, score, sessionsWithMeans, totalResponses } from './scoring';

const NO_PACE = { too_slow: 0, slightly_slow: 0, just_right: 0, slightly_fast: 0, too_fast: 0 };
const NO_CHALLENGE = { far_too_easy: 0, slightly_easy: 0, challenging_manageable: 0, slightly_hard: 0, far_too_hard: 0 };

const shown = (id: string, more: Partial<ShownReportSession> = {}): ShownReportSession => ({
  sessionId: id,
  sessionDate: '2026-09-01',
  topic: null,
  count: 6,
  sessionFeedbackCount: 6,
  protected: false,
  meanClarity: 5,
  meanConfidence: 70,
  pace: NO_PACE,
  challenge: NO_CHALLENGE,
  ...more,
});
const hidden = (id: string, count: number): ProtectedReportSession => ({
  sessionId: id,
  sessionDate: '2026-09-02',
  topic: null,
  count,
  sessionFeedbackCount: count,
  protected: true,
  meanClarity: null,
  meanConfidence: null,
  pace: null,
  challenge: null,
});

describe('score', () => {
  it('is the mean answer from −2 to +2', () => {
    expect(score({ ...NO_PACE, too_fast: 2 }, PACE_WEIGHTS)).toBe(2);
    expect(score({ ...NO_PACE, too_slow: 1, just_right: 1 }, PACE_WEIGHTS)).toBe(-1);
    expect(score({ ...NO_CHALLENGE, slightly_easy: 1, slightly_hard: 3 }, CHALLENGE_WEIGHTS)).toBe(0.5);
    expect(score({ ...NO_CHALLENGE, challenging_manageable: 4 }, CHALLENGE_WEIGHTS)).toBe(0);
  });

  it('is rounded to two decimals', () => {
    // (1 + 0 + 0) / 3 = 0.333…; (2 + 2 + 1) / 3 = 1.666…
    expect(score({ ...NO_PACE, slightly_fast: 1, just_right: 2 }, PACE_WEIGHTS)).toBe(0.33);
    expect(score({ ...NO_PACE, too_fast: 2, slightly_fast: 1 }, PACE_WEIGHTS)).toBe(1.67);
  });

  it('is null without an answer', () => {
    expect(score(NO_PACE, PACE_WEIGHTS)).toBeNull();
  });
});

describe('paceScores', () => {
  it('scores each session in order, none for a protected one or one without answers', () => {
    const sessions: ReportSession[] = [
      shown('a', { pace: { ...NO_PACE, slightly_slow: 2 }, challenge: { ...NO_CHALLENGE, far_too_hard: 1 } }),
      hidden('b', 2),
      shown('c', { pace: { ...NO_PACE, just_right: 3 } }),
    ];
    expect(paceScores(sessions).map(({ session, pace, challenge }) => [session.sessionId, pace, challenge])).toEqual([
      ['a', -1, 2],
      ['b', null, null],
      ['c', 0, null],
    ]);
  });
});

describe('leaning', () => {
  it('reads above +0.25 as high, below −0.25 as low, between as about right', () => {
    expect([0.26, 0.25, 0, -0.25, -0.26].map(leaning)).toEqual(['high', 'right', 'right', 'right', 'low']);
    expect(leaning(null)).toBeNull();
  });
});

describe('sessionsWithMeans and totalResponses', () => {
  const sessions = [shown('a'), hidden('b', 2), shown('c', { meanClarity: null, meanConfidence: null }), shown('d', { count: 9 })];

  it('keeps the shown sessions with a mean clarity, in order', () => {
    expect(sessionsWithMeans(sessions).map((s) => s.sessionId)).toEqual(['a', 'd']);
  });

  it('counts every response, protected sessions’ too', () => {
    expect(totalResponses(sessions)).toBe(6 + 2 + 6 + 9);
    expect(totalResponses([])).toBe(0);
  });
});
