/**
 * The app taking a prerendered page over without losing what the student did there first
 * (docs/decisions/forms-before-the-app.md): the prerendered form is live from its
 * first paint, so by the time the app has rendered the same page elsewhere, the student may have
 * typed, chosen, focused and placed the caret. In one task, with no input event possible in
 * between, the app's page replaces the prerendered one and receives all of that, sends the
 * form the student already tapped "Submit" on, and clicks the button a light page kept a tap for.
 */

import { CLICK_PENDING_ATTRIBUTE, SUBMIT_PENDING_ATTRIBUTE } from './prerendered';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const CONTROLS = 'input:not([type=hidden]), textarea, select';

const controlsOf = (root: HTMLElement) => [...root.querySelectorAll<Control>(CONTROLS)];

/** What the student changed in a control: nothing when it still holds what the HTML gave it. */
function changed(control: Control): boolean {
  if (control.disabled) return false;
  if (control instanceof HTMLSelectElement) {
    const initial = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
    return control.value !== (initial?.value ?? '');
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

/** The page's buttons outside its header, in order: a button's place among them names the app's. */
const buttonsOf = (root: HTMLElement) => [...root.querySelectorAll('button')].filter((button) => !button.closest('header'));

const sameKind = (a: Control, b: Control) => a.tagName === b.tagName && a.type === b.type && a.name === b.name;

/** The app's control for a prerendered one: the same place in the page, or else the same name and value. */
function counterpart(control: Control, index: number, to: Control[]): Control | undefined {
  const inPlace = to[index];
  if (inPlace && sameKind(control, inPlace) && (control.type !== 'radio' || control.value === inPlace.value)) return inPlace;
  if (!control.name) return undefined;
  return to.find((other) => sameKind(control, other) && (control.type !== 'radio' || control.value === other.value));
}

/** Sets a value the way typing does, so React (and react-hook-form through it) sees the change. */
function setValue(control: Control, value: string) {
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  if (!(control instanceof HTMLSelectElement)) control.dispatchEvent(new Event('change', { bubbles: true }));
}

function copyInput(from: Control, to: Control) {
  if (from instanceof HTMLInputElement && to instanceof HTMLInputElement && (from.type === 'checkbox' || from.type === 'radio')) {
    // A click is how React learns of a checked box or radio.
    if (to.checked !== from.checked) to.click();
    return;
  }
  if (to.value !== from.value) setValue(to, from.value);
}

function copyCaret(from: Control, to: Control) {
  to.focus({ preventScroll: true });
  if (from instanceof HTMLSelectElement || to instanceof HTMLSelectElement) return;
  try {
    if (from.selectionStart !== null && from.selectionEnd !== null) {
      to.setSelectionRange(from.selectionStart, from.selectionEnd, from.selectionDirection ?? undefined);
    }
  } catch {
    // Types without a caret (range, radio) refuse selection ranges.
  }
  to.scrollTop = from.scrollTop;
}

/**
 * Shows `app` (the app's render of this page, hidden beside it) instead of `prerendered`, with
 * every value the student changed, the focused field and its caret.
 */
export function takeOver(prerendered: HTMLElement, app: HTMLElement): void {
  const focused = document.activeElement;
  const from = controlsOf(prerendered);
  const buttons = buttonsOf(prerendered);
  const tapped = buttons.findIndex((button) => button.hasAttribute(CLICK_PENDING_ATTRIBUTE));
  // The button under a mouse: the app's learns of it (a tooltip that opens on hover).
  const hovered = buttons.findLastIndex((button) => button.matches(':hover'));
  const { scrollX, scrollY } = window;
  prerendered.remove();
  app.id = prerendered.id;
  app.style.removeProperty('display');
  if (!app.getAttribute('style')) app.removeAttribute('style');
  const to = controlsOf(app);
  // The header's controls are matched among the header's: a light page's phone menu is in its HTML
  // (hidden), the app's only while open, which would shift every place after it.
  const inHeader = (control: Control) => control.closest('header') !== null;
  const part = (controls: Control[], header: boolean) => controls.filter((control) => inHeader(control) === header);
  const places = new Map([true, false].flatMap((header) => part(from, header).map((control, index) => [control, index] as const)));
  from.forEach((control) => {
    const header = inHeader(control);
    const target = counterpart(control, places.get(control) ?? -1, part(to, header));
    if (!target) return;
    if (changed(control)) copyInput(control, target);
    if (control === focused) copyCaret(control, target);
  });
  // A focused button (the "Submit" a keyboard pressed) keeps focus in the app's form too.
  const forms = [...prerendered.querySelectorAll('form')];
  const appButtons = buttonsOf(app);
  if (focused instanceof HTMLButtonElement && focused.form) {
    const form = app.querySelectorAll('form')[forms.indexOf(focused.form)];
    form?.querySelectorAll('button')[[...focused.form.querySelectorAll('button')].indexOf(focused)]?.focus({ preventScroll: true });
  } else if (focused instanceof HTMLButtonElement && buttons.includes(focused)) {
    appButtons[buttons.indexOf(focused)]?.focus({ preventScroll: true });
  }
  window.scrollTo(scrollX, scrollY);
  // A tap on "Submit" kept for the app (web/scripts/early-submit.ts): the app's form sends it now.
  const appForms = [...app.querySelectorAll('form')];
  forms.forEach((form, index) => {
    if (form.hasAttribute(SUBMIT_PENDING_ATTRIBUTE)) appForms[index]?.requestSubmit();
  });
  if (hovered >= 0) {
    for (const type of ['pointerover', 'pointermove'])
      appButtons[hovered]?.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: 'mouse', isPrimary: true }));
  }
  // A tap on a light page's button kept for the app (web/src/student/userStories.ts): the app's button has it now.
  if (tapped >= 0) appButtons[tapped]?.click();
}
