// Which notes a feedback form's class session shows, as the submissions function finds them for a
// host that serves the page with them (supabase/functions/_shared/session-notes.ts).
export { figuresShown, HOSTED_NOTES_MAX, notesOfSession } from '../../../supabase/functions/_shared/session-notes.ts';
