import { css } from 'styled-system/css';
import { msg } from '../../../i18n/msg';

// The board's statuses, as the edge function's schema lists them (supabase/functions/_shared/schemas.ts;
// storyVocabulary.test.ts keeps the two the same). Written out here because that module brings zod,
// ~30 KB gzip, to a page that validates nothing with it.
export const STORY_STATUSES = ['submitted', 'in_review', 'accepted', 'in_progress', 'on_hold', 'done'] as const;

export type StoryStatus = (typeof STORY_STATUSES)[number];

export const STORY_STATUS_LABELS: Record<StoryStatus, string> = {
  submitted: msg('Submitted'),
  in_review: msg('In Review'),
  accepted: msg('Accepted'),
  in_progress: msg('In Progress'),
  on_hold: msg('On Hold'),
  done: msg('Done'),
};

/** Each status's badge colour (the seed: "each with its own badge colour"); classes, as the palette must be known at build time. */
export const STATUS_PALETTE: Record<StoryStatus, string> = {
  submitted: css({ colorPalette: 'gray' }),
  in_review: css({ colorPalette: 'blue' }),
  accepted: css({ colorPalette: 'green' }),
  in_progress: css({ colorPalette: 'purple' }),
  on_hold: css({ colorPalette: 'orange' }),
  done: css({ colorPalette: 'teal' }),
};
