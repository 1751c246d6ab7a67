import { describe, expect, it } from 'vitest';
import { formatSessionDate, formatTime } from '../../shared/dates';
import { TODAY_NOTE, sessionNote } from './sessionNote';

describe('session note', () => {
  it('reads "Today\'s session" only without a session date', () => {
    expect(sessionNote('', undefined)).toBe("Today's session - Link expires at end of day (11:59 PM)");
    expect(sessionNote('', undefined)).toBe(TODAY_NOTE);
  });

  it('shows a date sessionId as the session date, expiring at the end of that day', () => {
    expect(sessionNote('2026-11-25', undefined)).toBe(
      `Session date: ${formatSessionDate('2026-11-25')} - Link expires at end of day (11:59 PM)`,
    );
  });

  it("shows a class session's own date and expiry once loaded, and nothing before", () => {
    const id = '3f1e2d4c-1111-4222-8333-444455556666';
    expect(sessionNote(id, undefined)).toBeNull();
    const session = { sessionDate: '2026-11-25', expiresAt: '2026-11-26T05:59:59.999Z', courseId: 'c', topic: null };
    expect(sessionNote(id, session)).toBe(
      `Session date: ${formatSessionDate('2026-11-25')} - Link expires at ${formatTime(session.expiresAt)}`,
    );
  });
});
