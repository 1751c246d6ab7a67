// Every student page's last script, inline (docs/decisions/first-paint.md, "Code on first use"):
// it starts the page's code (student/boot.ts and its chunks, named in `data-modules`) at once where
// an island must run as the page loads (`data-at-once`, or an island's `orWhenPageMatches`), else at
// the first sign of use: a pointer moving or touching, a key, a focus, a change. Until boot.ts takes
// an island's events itself, this keeps which islands were used and which of their buttons were
// tapped, so that nothing the student did before the code came is lost. It also keeps the footer's
// placeholder links in place, and moves focus to the start of the content after a link of this
// site, as soon as the page is parsed.
import type { PageLoader } from '../runtime/islandMarks';
import { afterFirstPaint } from './afterFirstPaint.part';

declare const SETUP: {
  /** The first use of an island (runtime/firstUse.ts), and a touch: each starts the code. */
  signsOfUse: string[];
  global: string;
  island: string;
  onUse: string;
  live: string;
  enabledOnListen: string;
  disabledWhileBlank: string;
  skipTarget: string;
  placeholderLink: string;
};

// This script (an inline script is `currentScript` as it runs; a test imports it).
const script = document.currentScript ?? document.querySelector('script[data-modules]');
const [boot, ...chunks] = (script?.getAttribute('data-modules') ?? '').split(' ').filter(Boolean);
const root = document.documentElement;
const loader: PageLoader = { used: new Set(), taps: [] };
(window as unknown as Record<string, PageLoader>)[SETUP.global] = loader;

let started = false;

function start() {
  if (started || !boot) return;
  started = true;
  removeEventListener('pointermove', start, true);
  // Every module at once, not one after the other as each is read.
  for (const href of chunks) {
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  import(/* @vite-ignore */ boot).catch((error: unknown) => console.error('The page could not start', error));
}

/** A button whose tap does nothing by itself (a form's submit button posts its form: no second tap). */
function tappedButton(target: Element): Element | null {
  const button = target.closest('button, [role="button"]');
  if (button instanceof HTMLButtonElement && button.type === 'submit' && button.form) return null;
  return button;
}

function onUse(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  const island = target?.closest(`[${SETUP.island}]`);
  if (target && island && !island.hasAttribute(SETUP.live)) {
    loader.used.add(island);
    const button = event.type === 'click' ? tappedButton(target) : null;
    if (button && island.contains(button)) loader.taps.push(button);
  }
  start();
}

for (const type of SETUP.signsOfUse) addEventListener(type, onUse, { capture: true, passive: true });
addEventListener('pointermove', start, { capture: true, passive: true });
// From now on a tap on these is kept until their island runs.
for (const control of document.querySelectorAll<HTMLButtonElement>(`[${SETUP.enabledOnListen}]`)) control.disabled = false;

// A button that waits for its form to be filled in is disabled while the form is blank, until its
// island runs and says so itself.
const blank = (form: HTMLFormElement | null) =>
  [...(form?.elements ?? [])].every((field) => !(field instanceof HTMLInputElement) || field.type !== 'text' || !field.value.trim());
function disableWhileBlank() {
  for (const button of document.querySelectorAll<HTMLButtonElement>(`[${SETUP.disabledWhileBlank}]`))
    if (!button.closest(`[${SETUP.live}]`)) button.disabled = blank(button.form);
}
disableWhileBlank();
for (const type of ['input', 'pageshow']) addEventListener(type, disableWhileBlank, { capture: true, passive: true });

const wakesAtOnce = (island: Element) => {
  const selector = island.getAttribute(SETUP.onUse);
  try {
    return Boolean(selector) && root.matches(selector!);
  } catch {
    return false;
  }
};
// Even a page that runs its code at once paints first: its code is fetched after the first paint,
// so that it shares no bandwidth with the page's own HTML and styles on a slow network.
if (script?.hasAttribute('data-at-once') || [...document.querySelectorAll(`[${SETUP.onUse}]`)].some(wakesAtOnce)) afterFirstPaint(start);

// The footer's links that go nowhere (Support, About) change nothing, not even the address.
addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest(`a[${SETUP.placeholderLink}]`)) event.preventDefault();
});

// A link of this site led here: focus goes to the start of the content, as after a navigation
// inside an app, so a keyboard or screen-reader user does not start again from the top.
const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
let fromThisSite = false;
try {
  fromThisSite = navigation?.type === 'navigate' && new URL(document.referrer).origin === location.origin;
} catch {
  // No referrer, or not an address: typed, or from elsewhere.
}
const active = document.activeElement;
if (fromThisSite && (active === null || active === document.body))
  document.getElementById(SETUP.skipTarget)?.focus({ preventScroll: true });

// A module (its SETUP its own); the inline script is its body.
export {};
