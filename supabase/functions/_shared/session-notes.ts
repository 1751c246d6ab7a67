// Which of a course's notes a feedback form's class session shows, and whether a note shows figures:
// one answer for Session Feedback's island (web/src/student/ui/ProfessorNotes.tsx) and for the
// submissions function that gives a host the same notes to write into the page (form-notes.ts).
// A module without imports: the student pages load it.

/** A note as course_notes() gives it, as far as these rules read it. */
export interface NoteOfSession {
  sessionId: string;
  sessionDate: string;
  figures?: { legacy?: boolean; results?: unknown } | null;
}

/**
 * The notes of a form's class session: those on the session itself, and those on any session of
 * the same day (a page addressed by its course and day, or a course with two sessions that day).
 * `day` is undefined while it is not known.
 */
export function notesOfSession<T extends NoteOfSession>(notes: T[], sessionId: string, day: string | undefined): T[] {
  return notes.filter((note) => note.sessionId === sessionId || (day !== undefined && note.sessionDate === day));
}

/**
 * Whether a note shows figures: its topics' ratings and verdict once both sides count the course's
 * minimum of responses, or the one line of a note asked before controls existed. Pending figures
 * show nothing, so the minimum is never said; nor do figures in a shape the pages no longer know,
 * as a device may have kept them.
 */
export const figuresShown = (figures: NoteOfSession['figures']): boolean => Boolean(figures && (figures.legacy || figures.results));

/**
 * The most notes a page served with its notes holds (web/src/student/render/hostedNotes.tsx); a
 * session with more gets its notes from the page's island (form-notes.ts).
 */
export const HOSTED_NOTES_MAX = 3;
