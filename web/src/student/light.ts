/**
 * What every light page's script does (docs/performance.md, "Light student pages"): the build
 * prerendered the page in every language with its styles inline; this adds what needs a script on
 * any page, with no framework: the phone menu, the language and theme choices, "My feedback" when
 * this device remembers feedback, and the landing page's `?error=` banner. Each page's script is
 * an entry of its own in `pages/`, this module and the page's own part (a page loads nothing of
 * another's): the course page's timeline (course.ts), a class link's way on to its form
 * (classLink.ts), course search (courseSearch.ts) with its toasts (toast.ts), My feedback
 * (myFeedback.ts), the feedback forms until the app is needed (classSession.ts, submitForm.ts), a
 * private link's page (track.ts), and the user stories board until the visitor acts on it
 * (userStories.ts). Links to other pages are ordinary page loads.
 */
import { isLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/languages';
import { LIGHT, LIGHT_START_APP } from '../shared/lightPageMarkers';
import { arrivedFromThisSite, focusIsLost } from '../shared/arrivedFromThisSite';
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { rememberedFeedback, subscribeToRemembered } from '../shared/rememberedFeedbackStore';
import { chooseTheme, getChoice, subscribe, type ThemeChoice } from '../shared/themeChoice';

const root = document.getElementById('root')!;
/** Where the "Skip to content" link leads: the start of the page's content. */
const SKIP_TARGET = '#chakra-skip-nav';
const menuButton = () => root.querySelector<HTMLButtonElement>('header button[aria-controls]');
const menu = () => {
  const id = menuButton()?.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
};

function setMenuOpen(open: boolean) {
  const button = menuButton();
  const list = menu();
  if (!button || !list) return;
  button.dataset.openLabel ??= button.textContent ?? '';
  button.setAttribute('aria-expanded', String(open));
  button.textContent = open ? (button.getAttribute(LIGHT.closeLabel) ?? '') : button.dataset.openLabel;
  list.hidden = !open;
}

/** What a part of the page draws again once its markup has been replaced (a change of language). */
let redrawPart: (() => void) | undefined;

/** Puts what only this device knows into the page's markup (again after a change of language). */
function enhance() {
  const button = menuButton();
  if (button) {
    delete button.dataset.openLabel;
    setMenuOpen(false);
    button.disabled = false;
  }
  showRememberedLinks();
  showLanguageChoice();
  showThemeChoice();
  redrawPart?.();
}

/** "My feedback" in the header, when this device remembers feedback (again once it forgets it all). */
function showRememberedLinks() {
  const remembers = rememberedFeedback().length > 0;
  for (const link of root.querySelectorAll<HTMLElement>(`[${LIGHT.rememberedOnly}]`)) link.hidden = !remembers;
}

/**
 * Every language select shows the page's language: markup shown again after a change of language
 * still holds the choice that took it away (which the app's takeover would otherwise carry over).
 */
function showLanguageChoice() {
  const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
  if (!language) return;
  for (const select of root.querySelectorAll<HTMLSelectElement>(`select[${LIGHT.setting}=language]`)) select.value = language;
}

/** The markup was drawn for "System theme": every theme select shows the stored choice. */
function showThemeChoice() {
  for (const select of root.querySelectorAll<HTMLSelectElement>(`select[${LIGHT.setting}=theme]`)) select.value = getChoice();
}

/** The page in another language: each one's markup is in the HTML, in a <template> until shown. */
function showLanguage(language: string) {
  const current = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
  const page = document.getElementById(`${PRERENDERED_LANGUAGE_ATTRIBUTE}-${language}`) as HTMLTemplateElement | null;
  if (current === language) return;
  // A page drawn with its data (the course page) has no other language's markup: it is drawn again.
  if (!page) return location.reload();
  // The markup shown now goes into a template of its own, for a change back.
  const kept = document.createElement('template');
  kept.id = `${PRERENDERED_LANGUAGE_ATTRIBUTE}-${current}`;
  kept.dataset.title = document.title;
  kept.content.append(...root.childNodes);
  page.replaceWith(kept);
  root.append(page.content);
  root.setAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE, language);
  document.documentElement.lang = language;
  document.title = page.dataset.title ?? document.title;
  enhance();
}

function chooseLanguage(select: HTMLSelectElement) {
  const language = select.value;
  if (!isLanguage(language)) return;
  const selects = () => [...root.querySelectorAll<HTMLSelectElement>(`select[${LIGHT.setting}=language]`)];
  const which = selects().indexOf(select);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused: the choice holds for this visit only.
  }
  showLanguage(language);
  // Focus stays on the same select (the header's, the menu's or the footer's), now in the other language's markup.
  selects()[which]?.focus();
}

/** A message in the page's language, when the banner knows it (LandingPage.tsx); as it came otherwise. */
function translated(known: string | null, message: string): string {
  try {
    const translations = JSON.parse(known ?? '{}') as Record<string, unknown>;
    const translation = translations[message];
    return typeof translation === 'string' ? translation : message;
  } catch {
    return message;
  }
}

/** The landing page's `?error=`: shown once in its banner, and gone from the address bar. */
function showErrorBanner() {
  const url = new URL(window.location.href);
  const error = url.searchParams.get('error');
  const banner = root.querySelector<HTMLElement>(`[${LIGHT.errorBanner}]`);
  if (error === null) return;
  url.searchParams.delete('error');
  history.replaceState(history.state, '', url);
  if (!banner || !error) return;
  banner.hidden = false;
  const text = banner.querySelector('[role=alert] > :last-child');
  if (text) text.textContent = translated(banner.getAttribute(LIGHT.errorBanner), error);
}

// Every listener goes if the page is handed to the app (the course page, for what it does not draw).
const listening = new AbortController();
const { signal } = listening;

document.addEventListener(
  'change',
  (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement)) return;
    const setting = select.getAttribute(LIGHT.setting);
    if (setting === 'language') chooseLanguage(select);
    else if (setting === 'theme') chooseTheme(select.value as ThemeChoice);
  },
  { signal },
);

document.addEventListener(
  'click',
  (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('header button[aria-controls]')) setMenuOpen(menu()?.hidden ?? false);
    // The footer's links that have no page yet go nowhere.
    else if (target?.closest('a[href="#"]')) event.preventDefault();
  },
  { signal },
);

signal.addEventListener('abort', subscribeToRemembered(showRememberedLinks));

// Escape closes the open menu from its button or any of its links, and focus returns to the button.
document.addEventListener(
  'keydown',
  (event) => {
    if (event.key !== 'Escape' || menu()?.hidden !== false) return;
    if (!(event.target instanceof Node) || !root.querySelector('header')?.contains(event.target)) return;
    setMenuOpen(false);
    menuButton()?.focus();
  },
  { signal },
);

// Opened by a link of this site: focus goes to the start of the content, as inside the app.
if (arrivedFromThisSite() && focusIsLost()) root.querySelector<HTMLElement>(SKIP_TARGET)?.focus({ preventScroll: true });

// A choice made in one theme select shows in the others (the header's and the phone menu's).
const unsubscribe = subscribe(showThemeChoice);
showErrorBanner();
enhance();

// How the page's loader (or the course page's drawing script) starts the app instead.
const startApp = (window as unknown as Record<string, (() => void) | undefined>)[LIGHT_START_APP];

/** Leaves the page to the app, for what this script does not do: its listeners go first. */
function handOver() {
  listening.abort();
  unsubscribe();
  startApp?.();
}

/** What a page's own part of the script does (web/src/student/pages/), and what it draws again after a change of language. */
export type LightPageSetUp = (root: HTMLElement, handOver: () => void, options: { signal: AbortSignal }) => (() => void) | undefined | void;

/** Runs a page's own part (its entry in web/src/student/pages/ calls it once this module has run). */
export function setUpPage(setUp: LightPageSetUp) {
  redrawPart = setUp(root, handOver, { signal }) ?? undefined;
}
