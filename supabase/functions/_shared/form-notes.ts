// The professor's notes on a feedback form's class session, for a host that writes them into the
// page's HTML itself, so that they are on the page as first served and nothing moves when the
// page's script reads them (docs/decisions/first-paint.md, "Notes on the page as first served").
// nginx does it with SSI (bench/nginx-site.conf): it asks
// GET /submissions/form-page?page=<the page's path>&<the page's query> and matches the answer's
// notes, one line, against the variants the build wrote (web/src/student/render/hostedNotes.tsx).
import { escapeForPage, FIELD_SEPARATOR } from './form-check.ts';
import { figuresShown, HOSTED_NOTES_MAX, type NoteOfSession } from './session-notes.ts';

/** Past this the line would not fit nginx's SSI values (`ssi_value_length 16k`, with the markup around it). */
export const HOSTED_NOTES_MAX_LINE = 12_000;

export interface HostedNote extends NoteOfSession {
  body: string;
}

/**
 * `count|note|note…`, each note escaped for the page; '' when the host should write nothing and
 * leave the notes to the page's island: no note, more than the variants hold, a note with figures
 * (their lines are words of the page's language), or a line too long for the host.
 */
export function formNotesLine(notes: HostedNote[]): string {
  if (notes.length === 0 || notes.length > HOSTED_NOTES_MAX) return '';
  if (notes.some((note) => figuresShown(note.figures))) return '';
  const line = [String(notes.length), ...notes.map((note) => escapeForPage(note.body))].join(FIELD_SEPARATOR);
  return line.length > HOSTED_NOTES_MAX_LINE ? '' : line;
}
