// The zod schemas the submissions edge function validates with, so a form and the server accept
// and refuse exactly the same input with the same (seed) messages.
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
} from '../../../supabase/functions/_shared/schemas';
