// The zod schemas the edge functions validate with, so a form and the server accept and refuse
// exactly the same input with the same messages. The one place the web reaches the functions' code.
export {
  CHALLENGE_LEVELS,
  DIFFICULTY_LEVELS,
  PACES,
  quickContentSchema,
  quickSubmissionSchema,
  sessionContentSchema,
  sessionSubmissionSchema,
  type QuickContent,
  type QuickSubmission,
  type SessionContent,
  type SessionSubmission,
  STORY_ROLES,
  STORY_STATUSES,
  STORY_STATUS_LABELS,
  DIFFICULTY_LABELS,
  storyCreateSchema,
  replyBodySchema,
  noteBodySchema,
  type StoryCreate,
  type StoryEdit,
} from '../../../supabase/functions/_shared/schemas';
