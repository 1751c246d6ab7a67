import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIED_TOASTS_KEY } from '../../lib/carriedToasts';
import { REMEMBERED_MARK, REMEMBERED_STORAGE_KEY, forgetAllFeedback, rememberFeedback } from '../../shared/rememberedFeedbackStore';
import { CARRIED_TOASTS_MARK, QUERY_MARK, whenAddressHas } from '../runtime/pageMarks';
import { EDIT_TOKEN } from '../pages/form-post/outcome';
import { SENT_TOKEN_MARK } from '../pages/form-post/sentMarks';

// The head script as a page runs it, with the build's SETUP (web/scripts/student-pages.ts), on a
// device that remembers feedback.
const html = document.documentElement;
const TOKEN = `${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}.${'A'.repeat(43)}`;
const entry = {
  token: 's.t',
  courseId: 'c',
  courseCode: 'COSC 1337',
  courseName: 'Programming',
  excerpt: 'x',
  sentAt: '2026-11-27T10:00:00Z',
};

beforeAll(async () => {
  rememberFeedback(entry);
  html.removeAttribute(REMEMBERED_MARK);
  (globalThis as Record<string, unknown>).SETUP = {
    languages: ['en', 'es'],
    fallback: 'en',
    languageKey: 'classpulse.language',
    themeKey: 'classpulse.theme',
    sessionCookie: 'sb-test-auth-token',
    rememberedKey: REMEMBERED_STORAGE_KEY,
    rememberedMark: REMEMBERED_MARK,
    queryMark: QUERY_MARK,
    carriedToastsKey: CARRIED_TOASTS_KEY,
    carriedToastsMark: CARRIED_TOASTS_MARK,
    sentTokenMark: SENT_TOKEN_MARK,
    editTokenPattern: EDIT_TOKEN.source,
  };
  // Course search, sent without its script, after the professor app carried a toast here; and a
  // fragment with an edit token in it, as a form's sent page has.
  window.history.replaceState(null, '', `/course-search?code=COSC+1337#token=${TOKEN}`);
  sessionStorage.setItem(CARRIED_TOASTS_KEY, '[{"type":"success","title":"Signed out"}]');
  await import('./settings.inline');
});

afterAll(() => {
  forgetAllFeedback();
  sessionStorage.removeItem(CARRIED_TOASTS_KEY);
});

describe("every page's head script", () => {
  it("marks a page whose address holds a sent feedback's edit token: a sent page's card is in its HTML", () => {
    expect(html).toHaveAttribute(SENT_TOKEN_MARK);
    // As the page's island reads it: the same pattern.
    expect(EDIT_TOKEN.test(TOKEN)).toBe(true);
  });

  it('marks what wakes an island at once: the address’s query and a carried toast', () => {
    expect(html.matches(whenAddressHas('code'))).toBe(true);
    expect(html.matches(whenAddressHas('error'))).toBe(false);
    expect(html).toHaveAttribute(CARRIED_TOASTS_MARK);
  });

  it('marks the page of a device that remembers feedback, before first paint (the header then hydrates at once)', () => {
    expect(html).toHaveAttribute(REMEMBERED_MARK);
  });

  it('follows what another tab remembers or forgets, and this tab’s store keeps the mark too', () => {
    window.dispatchEvent(new StorageEvent('storage', { key: REMEMBERED_STORAGE_KEY, newValue: null }));
    expect(html).not.toHaveAttribute(REMEMBERED_MARK);
    window.dispatchEvent(new StorageEvent('storage', { key: REMEMBERED_STORAGE_KEY, newValue: '[{}]' }));
    expect(html).toHaveAttribute(REMEMBERED_MARK);
    forgetAllFeedback();
    expect(html).not.toHaveAttribute(REMEMBERED_MARK);
    rememberFeedback(entry);
    expect(html).toHaveAttribute(REMEMBERED_MARK);
  });
});
