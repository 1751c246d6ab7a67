// A form's sent page (`/submit/sent`, `/class-session/sent`) and the private link's card in its
// HTML: the head script marks <html> before first paint when the address's fragment holds the new
// feedback's edit token (render/settings.inline.ts), and the stylesheet shows the card only under
// that mark (web/panda.config.ts). The page's island then fills the card in (SentFollowUp.island.tsx).

/** On <html>: the fragment holds a well-formed edit token (outcome.ts, EDIT_TOKEN). */
export const SENT_TOKEN_MARK = 'data-sent-token';

/** What the page shows only under SENT_TOKEN_MARK: the private link's card, drawn before the token is read. */
export const SENT_TOKEN_ONLY = 'data-sent-token-only';
