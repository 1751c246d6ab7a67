// Display labels for the submission enums. Kept apart from the zod schemas so pages that only show
// feedback (the course timeline) do not download zod; labels.test.ts keeps the two in step.

export type DifficultyLevel = 'slightly' | 'very' | 'completely';

export const DIFFICULTY_LABELS: Record<DifficultyLevel, string> = {
  slightly: 'Slightly confused',
  very: 'Very confused',
  completely: 'Completely lost',
};

export const PACE_LABELS = {
  too_slow: 'Too slow',
  slightly_slow: 'Slightly slow',
  just_right: 'Just right',
  slightly_fast: 'Slightly fast',
  too_fast: 'Too fast',
} as const;

export const CHALLENGE_LABELS = {
  far_too_easy: 'Far too easy',
  slightly_easy: 'Slightly easy',
  challenging_manageable: 'Challenging but manageable',
  slightly_hard: 'Slightly hard',
  far_too_hard: 'Far too hard',
} as const;
