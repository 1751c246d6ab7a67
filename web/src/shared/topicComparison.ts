import type { TFunction } from 'i18next';
import { msg } from '../i18n/msg';

/**
 * "Did it work?" (docs/decisions/follow-up-checks.md): the arithmetic and the words of a note's
 * check, the topic it answered against a control rated on the same question by the same students.
 * follow_up_figures() gives n, mean and sd; the 95 % intervals and the verdict are worked out here,
 * once, for the live view, the course page, the term report and its CSV.
 */

/** One side's ratings, 1–7; `share`: its group's part of the session's confusions before the note. */
export interface TopicRatings {
  n: number;
  mean: number;
  sd: number;
  share?: number | null;
}

/** The ratings' difference, addressed − control, over the submissions that rated both. */
export interface PairedRatings {
  n: number;
  mean: number;
  sd: number;
}

export interface CheckTopic {
  topic: string;
  groupId: string | null;
}

export type FollowUpFigures =
  | { legacy: true }
  | {
      legacy?: undefined;
      addressed: CheckTopic;
      control: CheckTopic | null;
      /** Null until each side counts the course's minimum of public responses. */
      results: { addressed: TopicRatings; control: TopicRatings | null; paired: PairedRatings | null } | null;
    };

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

// Student's t, two-sided 95 % (the 0.975 quantile), for 1 to 30 degrees of freedom.
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
const Z_975 = 1.959964;

/** The t quantile for a 95 % interval: the table to 30 degrees of freedom, then Cornish–Fisher (within 0.001). */
export function tQuantile975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a whole number ≥ 1, not ${df}`);
  if (df <= T_975.length) return T_975[df - 1]!;
  const z = Z_975;
  return (
    z +
    (z ** 3 + z) / (4 * df) +
    (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2) +
    (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3)
  );
}

/**
 * The mean's 95 % interval, mean ± t(n − 1) · sd / √n, kept within [min, max] (a rating cannot
 * leave its scale); null below two ratings, where there is no spread to judge by.
 */
export function meanInterval({ n, mean, sd }: { n: number; mean: number; sd: number }, [min, max]: [number, number]): Interval | null {
  if (n < 2) return null;
  const half = (tQuantile975(n - 1) * sd) / Math.sqrt(n);
  return { estimate: mean, low: Math.max(min, mean - half), high: Math.min(max, mean + half) };
}

export const ratingInterval = (ratings: TopicRatings) => meanInterval(ratings, [1, 7]);
export const differenceInterval = (paired: PairedRatings) => meanInterval(paired, [-6, 6]);

export type Verdict =
  | { kind: 'legacy' }
  | { kind: 'pending' }
  | { kind: 'no-control' }
  | { kind: 'too-few-pairs' }
  | { kind: 'clearer' | 'no-difference' | 'less-clear'; control: string; difference: Interval };

/** What the figures say: the verdict's kind, from the paired difference's interval (spanning 0: no clear difference). */
export function verdictOf(figures: FollowUpFigures): Verdict {
  if (figures.legacy) return { kind: 'legacy' };
  if (!figures.results) return { kind: 'pending' };
  if (!figures.control || !figures.results.control) return { kind: 'no-control' };
  const difference = figures.results.paired && differenceInterval(figures.results.paired);
  if (!difference) return { kind: 'too-few-pairs' };
  const kind = difference.low > 0 ? 'clearer' : difference.high < 0 ? 'less-clear' : 'no-difference';
  return { kind, control: figures.control.topic, difference };
}

/** The difference a verdict stands on, for sorting and charts; null when there is none. */
export const effectOf = (verdict: Verdict): Interval | null => ('difference' in verdict ? verdict.difference : null);

export const TEXTS = {
  clearer: msg('Clearer than {{control}} by {{difference}} ({{low}} to {{high}})'),
  noDifference: msg('No clear difference from {{control}}: {{difference}} ({{low}} to {{high}})'),
  lessClear: msg('Less clear than {{control}} by {{difference}} ({{low}} to {{high}})'),
  noControl: msg('No comparison possible: no other confusion of that session to compare with.'),
  tooFewPairs: msg('Too few students rated both topics to compare them.'),
  legacy: msg('No comparison available (asked before controls existed)'),
  pending: msg('Not enough ratings yet (shown from {{n}} on each side).'),
  topic: msg('{{topic}}: {{mean}} ({{low}} to {{high}}), n = {{n}}'),
  topicNoInterval: msg('{{topic}}: {{mean}}, n = {{n}}'),
  share: msg('{{share}} % of the session’s confusions'),
  asked: msg('The next session rates “{{addressed}}” against “{{control}}”.'),
  askedAlone: msg('The next session rates “{{addressed}}” (no other confusion to compare with).'),
  question: msg('How clear is {{topic}} to you now?'),
};

type Say = (key: string, values?: Record<string, string | number>) => string;
/** i18next's t, the student pages' t, or any function that fills a key's {{placeholders}}. */
export type Translate = TFunction | Say;

/** One decimal with a point, the same in every language; a minus sign for negatives. */
export const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1).replace('-', '−');

/**
 * The verdict in words: "Clearer than the call stack by 1.3 (0.7 to 1.9)". "Less clear" says the
 * size of the gap, so its numbers are the control's lead (positive).
 */
export function verdictText(translate: Translate, verdict: Verdict, minResponses: number): string {
  const t = translate as Say;
  switch (verdict.kind) {
    case 'legacy':
      return t(TEXTS.legacy);
    case 'pending':
      return t(TEXTS.pending, { n: minResponses });
    case 'no-control':
      return t(TEXTS.noControl);
    case 'too-few-pairs':
      return t(TEXTS.tooFewPairs);
    case 'less-clear': {
      const { estimate, low, high } = verdict.difference;
      return t(TEXTS.lessClear, {
        control: verdict.control,
        difference: oneDecimal(-estimate),
        low: oneDecimal(-high),
        high: oneDecimal(-low),
      });
    }
    default: {
      const { estimate, low, high } = verdict.difference;
      const key = verdict.kind === 'clearer' ? TEXTS.clearer : TEXTS.noDifference;
      return t(key, { control: verdict.control, difference: oneDecimal(estimate), low: oneDecimal(low), high: oneDecimal(high) });
    }
  }
}

/** "the base case: 5.8 (5.2 to 6.4), n = 24 · 31 % of the session's confusions". */
export function topicText(translate: Translate, topic: string, ratings: TopicRatings): string {
  const t = translate as Say;
  const interval = ratingInterval(ratings);
  const line = interval
    ? t(TEXTS.topic, {
        topic,
        mean: oneDecimal(ratings.mean),
        low: oneDecimal(interval.low),
        high: oneDecimal(interval.high),
        n: ratings.n,
      })
    : t(TEXTS.topicNoInterval, { topic, mean: oneDecimal(ratings.mean), n: ratings.n });
  return ratings.share == null ? line : `${line} · ${t(TEXTS.share, { share: Math.round(ratings.share * 100) })}`;
}

/** The lines shown under a note: each topic's figures (once shown), then the verdict. */
export function figuresLines(translate: Translate, figures: FollowUpFigures, minResponses: number): string[] {
  const t = translate as Say;
  const verdict = verdictText(t, verdictOf(figures), minResponses);
  if (figures.legacy || !figures.results) return [verdict];
  const { addressed, control } = figures.results;
  return [
    topicText(t, figures.addressed.topic, addressed),
    ...(control && figures.control ? [topicText(t, figures.control.topic, control)] : []),
    verdict,
  ];
}

/** What the team is told a note will ask, before any figure. */
export function askedText(translate: Translate, figures: FollowUpFigures): string | null {
  const t = translate as Say;
  if (figures.legacy) return null;
  return figures.control
    ? t(TEXTS.asked, { addressed: figures.addressed.topic, control: figures.control.topic })
    : t(TEXTS.askedAlone, { addressed: figures.addressed.topic });
}
