/**
 * What the light feedback forms share (classSession.ts, submitForm.ts): a form that works from the
 * HTML alone until "Submit", which starts the app to send it (web/scripts/early-submit.ts keeps the
 * tap); the app's code fetched, not run, once a field has focus; and what was read left for the
 * app under its own query keys (app/lightPageData.ts).
 */
import { SUBMIT_PENDING_ATTRIBUTE } from '../app/prerendered';
import { FAILED, LIGHT, LIGHT_PAGE_DATA, LIGHT_WARM_APP } from '../shared/lightPageMarkers';
import { replaceMark } from './islands';

/** What the app would read first, under its query key; `FAILED` for a read the app should show as failed. */
export function leaveForApp(key: readonly unknown[], data: unknown) {
  const global = window as unknown as Record<string, [readonly unknown[], unknown][] | undefined>;
  const left = (global[LIGHT_PAGE_DATA] ??= []);
  const same = left.findIndex(([held]) => JSON.stringify(held) === JSON.stringify(key));
  if (same >= 0) left.splice(same, 1);
  left.push([key, data]);
}

export const leaveFailureForApp = (key: readonly unknown[]) => leaveForApp(key, FAILED);

/** Text a refused post brought back to the form (features/form-post), which only the app puts in. */
export const typedAgain = () => Boolean((history.state as { usr?: { typed?: unknown } } | null)?.usr?.typed);

/**
 * A form's submit button says it is sending (its busy label) while the app starts; the label it
 * had is kept on the button (`data-label`), for a page that has to take it back.
 */
export function showSending(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const busyLabel = button?.getAttribute(LIGHT.busyLabel);
  if (!button || !busyLabel) return;
  button.dataset.label = button.textContent ?? '';
  button.textContent = busyLabel;
}

/**
 * Hands the page to the app when the student sends the form, valid or not (the app sends it or
 * shows its messages); false when the tap came before this script ran and the page is handed over now.
 */
export function sendThroughTheApp(root: HTMLElement, handOver: () => void, { signal }: { signal: AbortSignal }): boolean {
  if (root.querySelector(`form[${SUBMIT_PENDING_ATTRIBUTE}]`)) {
    handOver();
    return false;
  }
  addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement) showSending(event.target);
      handOver();
    },
    { signal },
  );
  addEventListener('invalid', handOver, { capture: true, signal });
  // Who starts filling in the form will likely send it: the app's code comes meanwhile, without running.
  const warm = () => (window as unknown as Record<string, (() => void) | undefined>)[LIGHT_WARM_APP]?.();
  root.addEventListener('focusin', (event) => event.target instanceof Element && event.target.closest('form') && warm(), { signal });
  return true;
}

/** What the student has put in the form, kept as they type, to put back into another language's markup (restoreForm). */
export function keepValues(root: HTMLElement, { signal }: { signal: AbortSignal }): () => [string, string][] {
  let values = formValues(root);
  root.addEventListener('input', () => (values = formValues(root)), { signal });
  return () => values;
}

/** What the student has put in the form, to put back into another language's markup. */
function formValues(root: HTMLElement): [string, string][] {
  const form = root.querySelector('form');
  return form ? [...new FormData(form)].map(([name, value]) => [name, String(value)]) : [];
}

export function restoreForm(root: HTMLElement, values: [string, string][]) {
  const form = root.querySelector('form');
  for (const [name, value] of values) {
    const control = form?.elements.namedItem(name);
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement)
      control.value = value;
    else if (control instanceof RadioNodeList) control.value = value;
  }
}

/**
 * The sliders' read-outs ("4 of 7", "50%") follow their value, as the app's fields do: the HTML's
 * text for the HTML's value, with the value replaced. What it returns readies another language's markup.
 */
export function followSliders(root: HTMLElement, { signal }: { signal: AbortSignal }) {
  const all = () => root.querySelectorAll<HTMLInputElement>('form input[type=range]');
  const ready = () => {
    for (const slider of all()) {
      slider.dataset.readOut ??= slider.getAttribute('aria-valuetext') ?? '';
      slider.dataset.readOutValue ??= slider.value;
    }
  };
  const readOut = (slider: HTMLInputElement) => {
    const text = replaceMark(slider.dataset.readOut ?? '', slider.dataset.readOutValue ?? '', slider.value);
    slider.setAttribute('aria-valuetext', text);
    // The field's own read-out, above the slider (an inline <style> may stand between them).
    const shown = slider.parentElement?.querySelector('p[aria-hidden]');
    if (shown) shown.textContent = text;
  };
  ready();
  root.addEventListener(
    'input',
    (event) => event.target instanceof HTMLInputElement && event.target.type === 'range' && readOut(event.target),
    {
      signal,
    },
  );
  // "Start Fresh" empties the form (its values as the HTML gave them).
  root.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('form button[type=button]') : null;
      if (!button) return;
      button.closest('form')?.reset();
      for (const slider of all()) readOut(slider);
    },
    { signal },
  );
  return { ready, drawAll: () => all().forEach(readOut) };
}
