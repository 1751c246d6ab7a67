/**
 * The markup of Session Feedback's notes as a host writes them into the page (SSI commands), given
 * by the build's renderer (render/hostedNotes.tsx) as it renders the page; empty in the browser and
 * in tests. A module of its own so the page's code carries none of it.
 */
let markup = '';

export function setHostedNotesMarkup(html: string): void {
  markup = html;
}

export const hostedNotesMarkup = (): string => markup;
