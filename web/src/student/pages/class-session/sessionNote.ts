import { msg } from '../../../i18n/msg';
import type { Values } from '../../../i18n/translate';
import type { ClassSession } from '../../../shared/api/get-class-session';
import { formatSessionDate, formatTime, isDateOnly } from '../../../shared/dates';

export const TODAY_NOTE = msg("Today's session - Link expires at end of day (11:59 PM)");

/**
 * The seed's Variant B: "Without a session date the note reads 'Today's session - …'; with one it
 * shows the session date and expiry." A class session id (uuid) shows its stored date and expiry
 * once loaded; a date `sessionId` (the course page's "Today's Feedback" links) is a session date
 * too, and its link ends at the end of that day. Null while a session loads or when it cannot be
 * read (an unknown id, or a value that is neither), rather than a note that would be wrong.
 */
export function sessionNote(
  t: (text: string, values?: Values) => string,
  sessionId: string,
  session: ClassSession | undefined,
): string | null {
  if (!sessionId) return t(TODAY_NOTE);
  if (isDateOnly(sessionId))
    return t('Session date: {{date}} - Link expires at end of day (11:59 PM)', { date: formatSessionDate(sessionId) });
  if (session)
    return t('Session date: {{date}} - Link expires at {{time}}', {
      date: formatSessionDate(session.sessionDate),
      time: formatTime(session.expiresAt),
    });
  return null;
}
