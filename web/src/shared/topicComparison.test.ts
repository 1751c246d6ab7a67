import { describe, expect, it } from 'vitest';
import { type FollowUpFigures, figuresLines, meanInterval, tQuantile975, verdictOf, verdictText } from './topicComparison';

// The values below were worked out by hand (mean, sample sd, t from a printed table), not by the
// code under test.
const english = (key: string, values: Record<string, string | number> = {}) =>
  key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** n, mean and sample sd of some ratings, as follow_up_figures() gives them. */
const summary = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
  return { n: values.length, mean, sd };
};

const figures = (addressed: number[], control: number[] | null, share?: [number, number]): FollowUpFigures => ({
  addressed: { topic: 'the base case', groupId: null },
  control: control ? { topic: 'the call stack', groupId: null } : null,
  results: {
    addressed: { ...summary(addressed), share: share?.[0] ?? null },
    control: control ? { ...summary(control), share: share?.[1] ?? null } : null,
    paired: control ? summary(addressed.map((a, i) => a - control[i]!)) : null,
  },
});

describe('the 95 % interval arithmetic', () => {
  it('takes t from the table up to 30 degrees of freedom, and within 0.001 of it beyond', () => {
    expect(tQuantile975(1)).toBe(12.706);
    expect(tQuantile975(4)).toBe(2.776);
    expect(tQuantile975(30)).toBe(2.042);
    expect(tQuantile975(40)).toBeCloseTo(2.021, 3);
    expect(tQuantile975(60)).toBeCloseTo(2.0, 3);
    expect(tQuantile975(120)).toBeCloseTo(1.98, 3);
    expect(() => tQuantile975(0)).toThrow(RangeError);
  });

  it('is mean ± t(n − 1) · sd / √n', () => {
    // 6, 6, 7, 5, 6: mean 6, sd √0.5; half width 2.776 · 0.70711 / √5 = 0.8779.
    const interval = meanInterval(summary([6, 6, 7, 5, 6]), [1, 7])!;
    expect(interval.estimate).toBe(6);
    expect(interval.low).toBeCloseTo(5.1221, 3);
    expect(interval.high).toBeCloseTo(6.8779, 3);
  });

  it('stays on the rating scale, and needs two ratings', () => {
    // 6, 7: mean 6.5, sd 0.70711; half width 12.706 · 0.70711 / √2 = 6.353.
    expect(meanInterval(summary([6, 7]), [1, 7])).toEqual({ estimate: 6.5, low: 1, high: 7 });
    expect(meanInterval({ n: 1, mean: 4, sd: 0 }, [1, 7])).toBeNull();
  });
});

describe('the verdict', () => {
  it('says clearer when the paired interval is above 0', () => {
    // Differences 3, 2, 4, 3, 3: mean 3, sd √0.5, half width 0.8779.
    const verdict = verdictOf(figures([6, 6, 7, 5, 6], [3, 4, 3, 2, 3]));
    expect(verdict.kind).toBe('clearer');
    expect(verdictText(english, verdict, 3)).toBe('Clearer than the call stack by 3.0 (2.1 to 3.9)');
  });

  it('says no clear difference when the interval spans 0', () => {
    // Differences 1, −1, 0, 2, −1: mean 0.2, sd √1.7 = 1.30384, half width 2.776 · 1.30384 / √5 = 1.6187.
    const verdict = verdictOf(figures([5, 4, 4, 6, 3], [4, 5, 4, 4, 4]));
    expect(verdictText(english, verdict, 3)).toBe('No clear difference from the call stack: 0.2 (−1.4 to 1.8)');
  });

  it("says less clear, by the control's lead, when the interval is below 0", () => {
    // Differences −2, −1, −2, −3, −2: mean −2, sd √0.5, interval −2.878 to −1.122.
    const verdict = verdictOf(figures([2, 3, 2, 1, 2], [4, 4, 4, 4, 4]));
    expect(verdictText(english, verdict, 3)).toBe('Less clear than the call stack by 2.0 (1.1 to 2.9)');
  });

  it('says when no comparison can be made', () => {
    expect(verdictText(english, verdictOf({ legacy: true }), 3)).toBe('No comparison available (asked before controls existed)');
    expect(verdictText(english, verdictOf(figures([5, 6, 7], null)), 3)).toBe(
      'No comparison possible: no other confusion of that session to compare with.',
    );
    const pending: FollowUpFigures = { addressed: { topic: 'a', groupId: null }, control: { topic: 'b', groupId: null }, results: null };
    expect(verdictText(english, verdictOf(pending), 5)).toBe('Not enough ratings yet (shown from 5 on each side).');
    const onePair = figures([5, 6, 7], [3, 3, 3]);
    if (!onePair.legacy && onePair.results) onePair.results.paired = { n: 1, mean: 2, sd: 0 };
    expect(verdictText(english, verdictOf(onePair), 3)).toBe('Too few students rated both topics to compare them.');
  });

  it('lists each topic with its interval and share, then the verdict', () => {
    expect(figuresLines(english, figures([6, 6, 7, 5, 6], [3, 4, 3, 2, 3], [0.31, 0.125]), 3)).toEqual([
      'the base case: 6.0 (5.1 to 6.9), n = 5 · 31 % of the session’s confusions',
      // 3, 4, 3, 2, 3: mean 3, sd √0.5.
      'the call stack: 3.0 (2.1 to 3.9), n = 5 · 13 % of the session’s confusions',
      'Clearer than the call stack by 3.0 (2.1 to 3.9)',
    ]);
  });
});
