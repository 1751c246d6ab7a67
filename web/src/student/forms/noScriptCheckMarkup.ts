/**
 * The markup of a form's check questions for a browser without JavaScript, given by the build's
 * renderer (render/noScriptCheck.tsx) while it renders the page in its first language; empty in
 * the browser and in tests. A module of its own so the page's code carries none of it.
 */
let markup = '';

export function setNoScriptCheckMarkup(html: string): void {
  markup = html;
}

export const noScriptCheckMarkup = (): string => markup;
