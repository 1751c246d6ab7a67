import { STORY_STATUSES, STORY_STATUS_LABELS } from '../../lib/schemas';
import type { StoryStatus } from './api/get-user-stories';

export { STORY_STATUSES, STORY_STATUS_LABELS };

/** Each status's badge colour (the seed: "each with its own badge colour"). */
export const STATUS_COLOR: Record<StoryStatus, string> = {
  submitted: 'gray',
  in_review: 'blue',
  accepted: 'green',
  in_progress: 'purple',
  on_hold: 'orange',
  done: 'teal',
};
