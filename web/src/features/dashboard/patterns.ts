import type { DifficultyLevel as Difficulty } from '../../shared/labels';
import type { ConfusionPattern } from './api/get-confusion-patterns';
import { i18n } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** The seed: the pattern ranges, "This Week" first and default. */
export const PATTERN_RANGES = [
  { days: 7, label: msg('This Week') },
  { days: 30, label: msg('This Month') },
  { days: 90, label: msg('This Semester') },
] as const;
export type PatternDays = (typeof PATTERN_RANGES)[number]['days'];

/** The seed's difficulty option labels; Variant B feedback with clarity 7 is "Not confused". */
export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  slightly: 'Slightly confused',
  very: 'Very confused',
  completely: 'Completely lost',
};

export function difficultyLabel(level: Difficulty | null): string {
  return i18n.t(level ? DIFFICULTY_LABELS[level] : msg('Not confused'));
}

export const DIFFICULTY_PALETTE: Record<Difficulty | 'none', string> = {
  slightly: 'yellow',
  very: 'orange',
  completely: 'red',
  none: 'green',
};

/**
 * docs/product.md, Analytics: a row's bar colour by its count ÷ the highest count: ≥ 0.7 red, ≥ 0.4 orange,
 * ≥ 0.2 yellow, else green.
 */
export function patternPalette(count: number, highest: number): 'red' | 'orange' | 'yellow' | 'green' {
  const ratio = highest > 0 ? count / highest : 0;
  if (ratio >= 0.7) return 'red';
  if (ratio >= 0.4) return 'orange';
  if (ratio >= 0.2) return 'yellow';
  return 'green';
}

/** The teaching suggestion naming the top topic (and how many found it confusing). */
export function teachingSuggestion(patterns: ConfusionPattern[], days: number): string | null {
  const top = patterns[0];
  if (!top) return null;
  const range = PATTERN_RANGES.find((each) => each.days === days);
  const period = range ? i18n.t(range.label).toLowerCase() : i18n.t('in the last {{n}} days', { n: days });
  const students = top.count === 1 ? i18n.t('1 submission') : i18n.t('{{n}} submissions', { n: top.count });
  return i18n.t(
    'Consider revisiting "{{topic}}" in {{course}}: it drew {{students}} about confusion {{period}}. A short recap, a worked example or a quick check-in question at the start of the next class can help.',
    { topic: top.topic, course: top.course, students, period },
  );
}

/** "+N from last week" (docs/product.md, Screen texts), where N = submissions in the last 7 days (docs/product.md, Analytics). */
export function fromLastWeek(recentSubmissions: number): string {
  return i18n.t('+{{n}} from last week', { n: recentSubmissions });
}
