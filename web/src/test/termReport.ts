// A term report as useTermReport gives it, for component tests: four sessions (one protected, one
// without session feedback), a week of shared confusion, six notes (each kind of check) and one alarm peak.
import type { ChallengeCounts, PaceCounts, TermReport } from '../features/report/api/get-term-report';
import type { FollowUpFigures } from '../shared/topicComparison';

const NO_PACE: PaceCounts = { too_slow: 0, slightly_slow: 0, just_right: 0, slightly_fast: 0, too_fast: 0 };
const NO_CHALLENGE: ChallengeCounts = { far_too_easy: 0, slightly_easy: 0, challenging_manageable: 0, slightly_hard: 0, far_too_hard: 0 };

export const EMPTY: TermReport = {
  courseId: 'c1',
  code: 'CS 101',
  name: 'Programming',
  from: '2026-09-01',
  to: '2026-09-10',
  minResponses: 5,
  reviewBeforePublishing: true,
  sessions: [],
  weeks: [],
  notes: [],
  alarmPeaks: [],
};

const note = (id: string, checkQuestion: string | null, figures: TermReport['notes'][number]['figures']) => ({
  id,
  sessionId: 's1',
  sessionDate: '2026-09-03',
  body: `Note ${id}`,
  createdAt: '2026-09-03T12:00:00Z',
  checkQuestion,
  figures,
});

/**
 * A note's figures with five students on each side; sd √½ makes the difference's 95 % interval
 * its mean ± 2.776 · 0.70711 / √5 = ± 0.878 (worked out by hand).
 */
const compared = (addressed: string, control: string, paired: number): FollowUpFigures => ({
  addressed: { topic: addressed, groupId: null },
  control: { topic: control, groupId: null },
  results: {
    addressed: { n: 5, mean: 4 + paired / 2, sd: 1, share: 0.4 },
    control: { n: 5, mean: 4 - paired / 2, sd: 1, share: 0.2 },
    paired: { n: 5, mean: paired, sd: Math.SQRT1_2 },
  },
});

export const REPORT: TermReport = {
  ...EMPTY,
  reviewBeforePublishing: false,
  sessions: [
    {
      sessionId: 's1',
      sessionDate: '2026-09-01',
      topic: 'Recursion',
      count: 8,
      sessionFeedbackCount: 8,
      protected: false,
      meanClarity: 3.456,
      meanConfidence: 55.56,
      // (4 × +1) / 8 = 0.5; (2 × +1) / 8 = 0.25.
      pace: { ...NO_PACE, just_right: 4, slightly_fast: 4 },
      challenge: { ...NO_CHALLENGE, challenging_manageable: 6, slightly_hard: 2 },
    },
    {
      sessionId: 's2',
      sessionDate: '2026-09-03',
      topic: null,
      count: 2,
      sessionFeedbackCount: 2,
      protected: true,
      meanClarity: null,
      meanConfidence: null,
      pace: null,
      challenge: null,
    },
    {
      sessionId: 's3',
      sessionDate: '2026-09-08',
      topic: 'Sorting',
      count: 7,
      sessionFeedbackCount: 7,
      protected: false,
      meanClarity: 5.1,
      meanConfidence: 72,
      // (3 × −2 + 1 × −1) / 7 = −1; all far too hard: +2.
      pace: { ...NO_PACE, too_slow: 3, slightly_slow: 1, just_right: 3 },
      challenge: { ...NO_CHALLENGE, far_too_hard: 7 },
    },
    {
      sessionId: 's4',
      sessionDate: '2026-09-10',
      topic: 'Quick checks',
      count: 5,
      sessionFeedbackCount: 0,
      protected: false,
      meanClarity: null,
      meanConfidence: null,
      pace: NO_PACE,
      challenge: NO_CHALLENGE,
    },
  ],
  weeks: [
    {
      weekStart: '2026-08-31',
      confusions: [
        { text: 'The base case', students: 3, sessionDate: '2026-09-01' },
        { text: 'Pivot choice', students: 1, sessionDate: '2026-09-03' },
      ],
    },
  ],
  // In the report's order; by effect: n5 (+3.0), n6 (+0.4), n3 (−2.0), then n1, n2, n4 as given.
  notes: [
    note('n1', 'Is recursion clearer now?', { legacy: true }),
    note('n2', null, {
      addressed: { topic: 'sorting', groupId: null },
      control: { topic: 'big O', groupId: null },
      results: null,
    }),
    note('n3', null, compared('pointers', 'arrays', -2)),
    note('n4', null, null),
    note('n5', null, compared('the base case', 'the call stack', 3)),
    note('n6', null, compared('pivot choice', 'merging', 0.4)),
  ],
  alarmPeaks: [
    {
      sessionId: 's3',
      sessionDate: '2026-09-08',
      startAt: new Date(2026, 8, 8, 10, 5).toISOString(),
      endAt: new Date(2026, 8, 8, 10, 12).toISOString(),
      recent: 6,
      lost: 4,
      share: 0.667,
    },
  ],
};
