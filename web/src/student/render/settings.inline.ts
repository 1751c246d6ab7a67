// Every page's first script, inline in <head> (the student pages' and the professor app's): the
// stored language and theme (else the browser's), before first paint, so no page shows the wrong
// one first. Keys and values: src/i18n/languages.ts and src/shared/themeChoice.ts. And whether a
// session cookie is there, whether this device remembers feedback, the address's query and a
// carried toast; and whether the address's fragment holds a sent feedback's edit token.
declare const SETUP: {
  languages: string[];
  fallback: string;
  languageKey: string;
  themeKey: string;
  sessionCookie: string;
  rememberedKey: string;
  rememberedMark: string;
  queryMark: string;
  carriedToastsKey: string;
  carriedToastsMark: string;
  sentTokenMark: string;
  editTokenPattern: string;
};

const root = document.documentElement;
let language: string | null = null;
let theme: string | null = null;
try {
  language = localStorage.getItem(SETUP.languageKey);
  theme = localStorage.getItem(SETUP.themeKey);
  // Remembered feedback: the stylesheet shows the header's "My feedback" under this mark, with no
  // script (src/shared/rememberedFeedbackStore.ts keeps it; another tab's change comes as a storage event).
  root.toggleAttribute(SETUP.rememberedMark, Boolean(localStorage.getItem(SETUP.rememberedKey)));
  addEventListener('storage', (event) => {
    if (event.key === SETUP.rememberedKey || event.key === null) root.toggleAttribute(SETUP.rememberedMark, Boolean(event.newValue));
  });
} catch {
  // Storage refused (private mode): the browser's language and theme.
}
if (!language || !SETUP.languages.includes(language)) {
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language || ''];
  language =
    preferred.map((tag) => String(tag).slice(0, 2).toLowerCase()).find((primary) => SETUP.languages.includes(primary)) ?? SETUP.fallback;
}
root.lang = language ?? SETUP.fallback;
const dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
root.className = dark ? 'dark' : 'light';
root.style.colorScheme = dark ? 'dark' : 'light';
// A session cookie (`<key>` or its chunks `<key>.0`…): a professor may be signed in, so the header's
// sign-in links stay unseen until it knows (shell/SiteHeader.island.tsx).
const sessionCookie = document.cookie.split(';').some((pair) => {
  const [name = '', value] = pair.trim().split('=');
  const chunk = name.startsWith(SETUP.sessionCookie) && /^\.\d+$/.test(name.slice(SETUP.sessionCookie.length));
  return Boolean(value) && (name === SETUP.sessionCookie || chunk);
});
if (sessionCookie) {
  root.dataset.session = '';
}

// What wakes an island that otherwise waits for its first use (student/runtime/pageMarks.ts): the
// address's query (`?error=`, `?code=`) and a toast the professor app carried to this page.
const query = [...new URLSearchParams(location.search).keys()];
if (query.length > 0) root.setAttribute(SETUP.queryMark, query.join(' '));
try {
  if (sessionStorage.getItem(SETUP.carriedToastsKey)) root.setAttribute(SETUP.carriedToastsMark, '');
} catch {
  // Storage refused: no toast was carried either.
}

// A form's sent page whose fragment holds the new feedback's edit token: the private link's card
// in its HTML is shown (student/pages/form-post/sentMarks.ts).
const sentToken = new URLSearchParams(location.hash.slice(1)).get('token');
if (sentToken && new RegExp(SETUP.editTokenPattern).test(sentToken)) root.setAttribute(SETUP.sentTokenMark, '');

// A module (its SETUP its own); the inline script is its body.
export {};
