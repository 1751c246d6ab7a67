/**
 * What a host that renders per request writes into a student page (nginx's SSI commands:
 * render/ssi.ts), as the build's renderer gives it while it renders a page (render/server.tsx): a
 * form's check questions for a browser without JavaScript (forms/NoScriptCheck.tsx), Session
 * Feedback's notes from the professor (ui/ProfessorNotes.tsx) and a course page's first screen
 * (pages/course/CoursePage.tsx). Empty in the browser and in tests. A module of its own so the
 * page's code carries none of the markup.
 */
export interface HostMarkup {
  check: string;
  notes: string;
  course: string;
}

const NONE: HostMarkup = { check: '', notes: '', course: '' };
let markup = NONE;

/** The markup of the page being rendered; a part left out is none. */
export function setHostMarkup(next: Partial<HostMarkup>): void {
  markup = { ...NONE, ...next };
}

export const hostMarkup = (part: keyof HostMarkup): string => markup[part];
