// What a host writes into a feedback form's page, as the submissions function answers it
// (GET /submissions/form-page): the check's line (form-check.ts), then the notes' line
// (form-notes.ts), split by a character no text of either carries (`escapeForPage` writes it as
// `&#126;`), so the page's SSI patterns find each part (web/src/student/render/noScriptCheck.tsx
// and hostedNotes.tsx).
export const FORM_PAGE_SEPARATOR = '~';

export const formPageLine = (checkLine: string, notesLine: string): string => `${checkLine}${FORM_PAGE_SEPARATOR}${notesLine}`;
