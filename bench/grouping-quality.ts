// How close a grouping of texts is to a teacher's labels (bench/fixtures/confusions*.json): the
// adjusted Rand index (Hubert and Arabie, 1985), the count of groups of two or more texts against
// the count of topics, whether the largest group is mostly the largest topic, and how many Spanish
// texts share a group with English texts of their own topic.

export interface LabelledText {
  text: string;
  /** The teacher's label; null for a one-off remark (a topic of its own). */
  topic: string | null;
  lang: 'en' | 'es';
}

export interface GroupingQuality {
  texts: number;
  topics: number;
  /** Groups of two or more texts. */
  groups: number;
  /** Every group, singletons included. */
  all_groups: number;
  ari: number;
  largest_group_is_largest_topic: boolean;
  spanish: number;
  /** Spanish texts in a group whose most common topic is theirs and that holds an English text of it. */
  spanish_joined: number;
}

const pairs = (n: number) => (n * (n - 1)) / 2;

function counts<T>(values: Iterable<T>): Map<T, number> {
  const map = new Map<T, number>();
  for (const value of values) map.set(value, (map.get(value) ?? 0) + 1);
  return map;
}

/** The adjusted Rand index of two partitions of the same items (1: the same; about 0: chance). */
export function adjustedRandIndex(a: readonly string[], b: readonly string[]): number {
  if (a.length !== b.length) throw new Error('adjustedRandIndex: partitions of different lengths');
  const sum = (m: Map<unknown, number>) => [...m.values()].reduce((s, n) => s + pairs(n), 0);
  const index = sum(counts(a.map((x, i) => `${x}\u0000${b[i]}`)));
  const sumA = sum(counts(a));
  const sumB = sum(counts(b));
  const expected = (sumA * sumB) / pairs(a.length);
  const max = (sumA + sumB) / 2;
  return max === expected ? 1 : (index - expected) / (max - expected);
}

/** `groupOf[i]`: the group of `texts[i]`. */
export function groupingQuality(texts: readonly LabelledText[], groupOf: readonly string[]): GroupingQuality {
  const labels = texts.map((t, i) => t.topic ?? `one-off ${i}`);
  const sizes = counts(groupOf);
  const topicSizes = counts(texts.flatMap((t) => (t.topic ? [t.topic] : [])));
  const largestTopic = [...topicSizes].sort((x, y) => y[1] - x[1])[0]?.[0];
  const largestGroup = [...sizes].sort((x, y) => y[1] - x[1])[0]?.[0];
  const members = (group: string) => texts.filter((_, i) => groupOf[i] === group);
  const mainTopic = (group: string) =>
    [...counts(members(group).flatMap((t) => (t.topic ? [t.topic] : [])))].sort((x, y) => y[1] - x[1])[0]?.[0];
  const spanish = texts.flatMap((t, i) => (t.lang === 'es' && t.topic ? [i] : []));
  const joined = spanish.filter((i) => {
    const group = groupOf[i]!;
    return mainTopic(group) === texts[i]!.topic && members(group).some((t) => t.lang === 'en' && t.topic === texts[i]!.topic);
  });
  return {
    texts: texts.length,
    topics: topicSizes.size,
    groups: [...sizes.values()].filter((n) => n >= 2).length,
    all_groups: sizes.size,
    ari: Math.round(adjustedRandIndex(labels, groupOf) * 1000) / 1000,
    largest_group_is_largest_topic: largestGroup !== undefined && mainTopic(largestGroup) === largestTopic,
    spanish: spanish.length,
    spanish_joined: joined.length,
  };
}
