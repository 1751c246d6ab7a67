import { describe, expect, it } from 'vitest';
import { adjustedRandIndex, groupingQuality, type LabelledText } from './grouping-quality.ts';

describe('adjustedRandIndex', () => {
  it('is 1 for the same partition under other names', () => {
    expect(adjustedRandIndex(['a', 'a', 'b', 'b', 'c'], ['x', 'x', 'y', 'y', 'z'])).toBe(1);
  });

  it('matches the value worked out by hand', () => {
    // Contingency table [[2, 1], [0, 2]]: index 2, row pairs 3 + 1, column pairs 1 + 3, 10 pairs in
    // all: expected 4 · 4 / 10 = 1.6, maximum 4, so (2 − 1.6) / (4 − 1.6) = 1/6.
    expect(adjustedRandIndex(['a', 'a', 'a', 'b', 'b'], ['x', 'x', 'y', 'y', 'y'])).toBeCloseTo(1 / 6, 10);
  });

  it('is 0 or below when every text is its own group', () => {
    expect(adjustedRandIndex(['a', 'a', 'b', 'b'], ['1', '2', '3', '4'])).toBe(0);
  });
});

describe('groupingQuality', () => {
  const t = (topic: string | null, lang: 'en' | 'es' = 'en'): LabelledText => ({ text: '', topic, lang });

  it('counts groups of two or more, finds the largest topic and the Spanish texts that joined theirs', () => {
    const texts = [t('base'), t('base'), t('base', 'es'), t('stack'), t('stack', 'es'), t(null)];
    const quality = groupingQuality(texts, ['g1', 'g1', 'g1', 'g2', 'g3', 'g4']);
    expect(quality).toMatchObject({
      texts: 6,
      topics: 2,
      groups: 1,
      all_groups: 4,
      largest_group_is_largest_topic: true,
      spanish: 2,
      spanish_joined: 1,
    });
    expect(quality.ari).toBeGreaterThan(0.5);
  });
});
