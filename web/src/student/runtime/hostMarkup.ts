/**
 * What a host that renders per request writes into a student page (nginx's SSI commands:
 * render/ssi.ts), as the build's renderer gives it while it renders a page (render/server.tsx): a
 * form's check questions for a browser without JavaScript (forms/NoScriptCheck.tsx) and Session
 * Feedback's notes from the professor (ui/ProfessorNotes.tsx). Empty in the browser and in tests. A
 * module of its own so the page's code carries none of the markup.
 */
export interface HostMarkup {
  check: string;
  notes: string;
}

let markup: HostMarkup = { check: '', notes: '' };

export function setHostMarkup(next: HostMarkup): void {
  markup = next;
}

export const hostMarkup = (part: keyof HostMarkup): string => markup[part];
