// Without React (the head script's mark and the stores' callers need none); the hook is in rememberedFeedback.ts.

/**
 * "Remember on this device": the private links of feedback sent from this browser, kept in
 * localStorage and nowhere else. Only the token of a submission being opened ever leaves the device
 * (as the `x-edit-token` of its own request); the course and the first words shown in the list are
 * kept here so the list needs no server.
 */
export interface RememberedFeedback {
  /** The edit token, `<submission id>.<secret>`: the private link is /track/{token}. */
  token: string;
  courseId: string;
  courseCode: string;
  courseName: string;
  /** The first words of what the student wrote. */
  excerpt: string;
  /** When it was sent (ISO 8601). */
  sentAt: string;
}

export const REMEMBERED_STORAGE_KEY = 'classpulse.rememberedFeedback';
/**
 * On <html> while this device remembers feedback: set before first paint by every page's head script
 * (web/src/student/render/settings.inline.ts), kept here. The header's "My feedback" link is shown
 * by the stylesheet under it (web/panda.config.ts), before and without the header's island.
 */
export const REMEMBERED_MARK = 'data-remembered';
const CHANGED = 'classpulse:remembered-feedback';
const EXCERPT_WORDS = 12;
export const EMPTY: RememberedFeedback[] = [];

/** The first few words of a text, with an ellipsis when there were more. */
export function firstWords(text: string, words = EXCERPT_WORDS): string {
  const all = text.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

function isEntry(value: unknown): value is RememberedFeedback {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return ['token', 'courseId', 'courseCode', 'courseName', 'excerpt', 'sentAt'].every((field) => typeof entry[field] === 'string');
}

let cache: { raw: string | null; entries: RememberedFeedback[] } | undefined;

export function read(): RememberedFeedback[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(REMEMBERED_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (cache?.raw === raw) return cache.entries;
  let entries = EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed)) entries = parsed.filter(isEntry);
  } catch {
    // Unreadable: as if nothing was remembered.
  }
  cache = { raw, entries };
  return entries;
}

function write(entries: RememberedFeedback[]): void {
  try {
    if (entries.length) localStorage.setItem(REMEMBERED_STORAGE_KEY, JSON.stringify(entries));
    else localStorage.removeItem(REMEMBERED_STORAGE_KEY);
  } catch {
    // Storage blocked or full: the private link on screen is still the way back.
  }
  document.documentElement.toggleAttribute(REMEMBERED_MARK, entries.length > 0);
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `onChange` when the list changes: in this tab (our own event) or in another (a storage event). */
export function subscribeToRemembered(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** How an entry names its course: "COSC 1337 · Introduction to Programming", or `unknown` ("Course"). */
export const courseLabel = (entry: RememberedFeedback, unknown: string) =>
  entry.courseCode ? `${entry.courseCode} · ${entry.courseName}` : unknown;

/** This device's remembered feedback, newest first. */
export function rememberedFeedback(): RememberedFeedback[] {
  return read();
}

/** Keeps (or updates) one submission's private link on this device. */
export function rememberFeedback(entry: RememberedFeedback): void {
  const others = read().filter((e) => e.token !== entry.token);
  // ISO 8601 times sort as plain strings; localeCompare would load the browser's locale data on a
  // sent page (docs/decisions/first-paint.md, "Dates without Intl").
  const entries = [entry, ...others].sort((a, b) => (a.sentAt < b.sentAt ? 1 : a.sentAt > b.sentAt ? -1 : 0));
  write(entries);
}

/**
 * Keeps a submission just sent ("Remember on this device" is on by default on the confirmation):
 * its course named from `courses` when the list is loaded, its first words from `text`.
 */
export function rememberSentFeedback(
  token: string,
  courseId: string,
  text: string,
  courses: readonly { id: string; code: string; name: string }[] | undefined,
): RememberedFeedback {
  const course = courses?.find((c) => c.id === courseId);
  const entry = {
    token,
    courseId,
    courseCode: course?.code ?? '',
    courseName: course?.name ?? '',
    excerpt: firstWords(text),
    sentAt: new Date().toISOString(),
  };
  rememberFeedback(entry);
  return entry;
}

export function forgetFeedback(token: string): void {
  write(read().filter((e) => e.token !== token));
}

export function forgetAllFeedback(): void {
  write([]);
}
