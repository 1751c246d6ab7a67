/**
 * A light page's toasts, as the app's toaster shows them (shared/ui/toaster.ts): one at a time, the
 * next waiting its turn; 5 s each, paused while the pointer or focus is on it or the page is
 * hidden; closed by its button or Escape; F8 moves focus to it. Each toast is a template the build
 * rendered in the toaster's look (shared/ui/ToastTemplate.tsx), in each language.
 */
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { LIGHT_TOAST_MARK, type LightToastName, TOAST_DURATION, toastTemplateId } from '../shared/lightToasts';
import { replaceTexts, template } from './islands';

interface Shown {
  startedAt?: number;
  remaining: number;
  timer?: ReturnType<typeof setTimeout>;
}

const waiting: { name: LightToastName; value: string }[] = [];
const pausedBy = new Set<'pointer' | 'focus' | 'hidden'>();
let region: HTMLElement | undefined;
let shown: Shown | undefined;
let count = 0;
/** What had focus before F8 took it to the toast, to go back to when the toast closes. */
let focusBefore: HTMLElement | undefined;

/** Shows a toast now, or after the one on screen; `value` takes the place of its `{{code}}`. */
export function showToast(name: LightToastName, value = '') {
  waiting.push({ name, value });
  if (!shown) showNext();
}

function showNext() {
  const next = waiting.shift();
  if (!next) return;
  const language = document.getElementById('root')?.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE) ?? document.documentElement.lang;
  const fragment = template(toastTemplateId(next.name, language)).content.cloneNode(true) as DocumentFragment;
  const group = fragment.querySelector<HTMLElement>('[data-part=group]');
  const toast = group?.querySelector<HTMLElement>('[data-part=root]');
  if (!group || !toast) throw new Error(`the toast ${next.name} has no toast in its template`);
  replaceTexts(toast, [[LIGHT_TOAST_MARK, next.value]]);
  const id = `light-toast-${++count}`;
  for (const part of ['title', 'description'] as const) {
    const element = toast.querySelector(`[data-part=${part}]`);
    if (element) element.id = `${id}:${part}`;
  }
  toast.setAttribute('aria-labelledby', `${id}:title`);
  toast.setAttribute('aria-describedby', `${id}:description`);
  const parts = [...group.childNodes];
  if (!region) {
    // The region, with the styles that place it; the toast's own styles come with each toast.
    group.replaceChildren();
    document.body.append(fragment);
    region = group;
    listen(region);
  }
  region.style.pointerEvents = '';
  region.replaceChildren(...parts);
  shown = { remaining: TOAST_DURATION };
  run();
}

function dismiss() {
  if (!shown || !region) return;
  clearTimeout(shown.timer);
  const hadFocus = region.contains(document.activeElement);
  region.replaceChildren();
  region.style.pointerEvents = 'none';
  shown = undefined;
  pausedBy.delete('pointer');
  pausedBy.delete('focus');
  if (hadFocus) focusBefore?.focus();
  focusBefore = undefined;
  showNext();
}

/** Starts or stops the shown toast's clock as the pauses say. */
function run() {
  if (!shown) return;
  clearTimeout(shown.timer);
  if (pausedBy.size > 0) {
    if (shown.startedAt !== undefined) shown.remaining -= Date.now() - shown.startedAt;
    shown.startedAt = undefined;
    return;
  }
  shown.startedAt ??= Date.now();
  shown.timer = setTimeout(dismiss, Math.max(0, shown.remaining - (Date.now() - shown.startedAt)));
}

function pause(reason: 'pointer' | 'focus' | 'hidden', paused: boolean) {
  if (paused) pausedBy.add(reason);
  else pausedBy.delete(reason);
  run();
}

function listen(element: HTMLElement) {
  element.addEventListener('pointerenter', () => pause('pointer', true));
  element.addEventListener('pointerleave', () => pause('pointer', false));
  element.addEventListener('focusin', () => pause('focus', true));
  element.addEventListener('focusout', (event) => {
    if (!element.contains(event.relatedTarget as Node | null)) pause('focus', false);
  });
  element.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('[data-part=close-trigger]')) dismiss();
  });
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      dismiss();
    }
  });
}

document.addEventListener('visibilitychange', () => pause('hidden', document.visibilityState === 'hidden'));
document.addEventListener('keydown', (event) => {
  if (event.key !== 'F8' || !region || !shown) return;
  event.preventDefault();
  if (document.activeElement instanceof HTMLElement && !region.contains(document.activeElement)) focusBefore = document.activeElement;
  region.focus();
});
