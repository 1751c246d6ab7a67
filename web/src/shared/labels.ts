// Display labels for the submission enums. Kept apart from the zod schemas so pages that only show
// feedback (the course timeline) do not download zod; labels.test.ts keeps the two in step.

import { msg } from '../i18n/msg';

export type DifficultyLevel = 'slightly' | 'very' | 'completely';

export const DIFFICULTY_LABELS: Record<DifficultyLevel, string> = {
  slightly: msg('Slightly confused'),
  very: msg('Very confused'),
  completely: msg('Completely lost'),
};

export const PACE_LABELS = {
  too_slow: msg('Too slow'),
  slightly_slow: msg('Slightly slow'),
  just_right: msg('Just right'),
  slightly_fast: msg('Slightly fast'),
  too_fast: msg('Too fast'),
} as const;

export const CHALLENGE_LABELS = {
  far_too_easy: msg('Far too easy'),
  slightly_easy: msg('Slightly easy'),
  challenging_manageable: msg('Challenging but manageable'),
  slightly_hard: msg('Slightly hard'),
  far_too_hard: msg('Far too hard'),
} as const;

/** A set of responses in figures: the dashboard's session insights and the live view. */
export interface Breakdowns {
  meanClarity: number | null;
  meanConfidence: number | null;
  pace: Record<keyof typeof PACE_LABELS, number>;
  challenge: Record<keyof typeof CHALLENGE_LABELS, number>;
  difficulty: Record<DifficultyLevel, number>;
}
