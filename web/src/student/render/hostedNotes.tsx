// Session Feedback's notes from the professor on the page as first served
// (docs/decisions/first-paint.md, "Notes on the page as first served"): NoteItem rendered at build
// time once for each number of notes the page may show, with placeholders for their texts, inside
// nginx SSI commands (./ssi.ts). The host asks the submissions function for the page
// (GET /submissions/form-page: the check's line, `~`, then the notes', `count|note|note…`, every
// text escaped for HTML there: supabase/functions/_shared/form-notes.ts), matches it against each
// count, and writes that many notes with the line's texts in place of the placeholders. On a host
// without SSI every command is an HTML comment: the list stays empty, and the island draws the
// notes it reads.
import { renderToString } from 'preact-render-to-string';
import { HOSTED_NOTES_MAX } from '../../lib/sessionNotes';
import { NoteItem } from '../ui/ProfessorNotes';
import { ssiChoice } from './ssi';

const COUNTS = Array.from({ length: HOSTED_NOTES_MAX }, (_, index) => index + 1);

const notesMarkup = (count: number) =>
  COUNTS.slice(0, count)
    .map((n) => renderToString(<NoteItem note={{ sessionDate: '', body: `\${${n}}`, figures: null }} showDates={false} />))
    .join('');

/**
 * The SSI commands: the host's read of the page (the first copy's, which comes before the form;
 * the other languages' copies, later in the file, use what it read), then the markup of as many
 * notes as it names.
 */
export function hostedNotesCommands(): string {
  // The notes are the read's last part, after the `~` that ends the check.
  return ssiChoice(COUNTS.map((count) => ({ pattern: `~${count}${'\\|([^|]*)'.repeat(count)}`, markup: notesMarkup(count) })));
}
