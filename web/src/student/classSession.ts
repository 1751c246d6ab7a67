/**
 * Light Session Feedback (`/class-session`, where a class QR code leads): the form works from the
 * HTML alone, so this only draws what comes from the network, in templates the build rendered of
 * the app's own parts (the course line, "What others found unclear"), says "Me too", and keeps
 * the sliders' read-outs in step. The app starts only when it is needed: when the student sends
 * the form (web/scripts/early-submit.ts keeps the tap for it), or at once when the page holds what
 * only the app shows (feedback sent from this tab, a submission saved on the phone, no course or
 * session in the address, notes for the session). It finds what was read here in its cache.
 */
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { apiConfig } from '../lib/config';
import { isUuid } from '../lib/ids';
import { queryKeys } from '../lib/queryKeys';
import { deviceId } from '../shared/deviceId';
import { feedbackAddress } from '../shared/feedbackAddress';
import { CLASS_SESSION_MARKS, LIGHT, classSessionTemplateId } from '../shared/lightPageMarkers';
import { LONG_DATE_OPTIONS, TIME_OPTIONS, isDateOnly, sessionDay } from '../shared/localDate';
import { pendingFor } from '../shared/pendingSubmissions';
import { readStoredFeedback, storageKey } from '../shared/storedFeedback';
import type { ClassSession } from '../features/class-session/api/get-class-session';
import type { MeTooAnswer, PeerConfusion, PeerText } from '../features/class-session/api/me-too';
import type { SessionNote } from '../shared/api/get-course-notes';
import type { FollowUpCheck } from '../shared/api/get-follow-up-check';
import type { Course } from '../shared/api/get-course';
import { replaceMark, replaceTexts, template } from './islands';
import { followSliders, keepValues, leaveFailureForApp, leaveForApp, restoreForm, sendThroughTheApp, typedAgain } from './forms';
import { API_KEYS, read, readCourse } from './api';
import { showToast } from './toast';

/** How often the texts are asked for again while the page is visible (as features/class-session/api/me-too.ts). */
const PEER_POLL_MS = 15_000;

const slotOf = (root: HTMLElement) => root.querySelector<HTMLElement>(`[${LIGHT.peerConfusion}]`);
export const isClassSessionPage = (root: HTMLElement) => slotOf(root) !== null;

const languageOf = (root: HTMLElement) => root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE) ?? document.documentElement.lang;
const part = (id: string) => template(id).content.cloneNode(true) as DocumentFragment;
/** What only the app shows: the page is the app's from the start. */
function needsTheApp(courseId: string, sessionId: string): boolean {
  const key = storageKey(courseId, sessionId);
  return (
    !isUuid(courseId) || !sessionId || readStoredFeedback(key) !== null || pendingFor(`class-session|${key}`) !== undefined || typedAgain()
  );
}

interface Read {
  course?: Course;
  session?: ClassSession | null;
  peer?: PeerConfusion;
}

function drawCourse(root: HTMLElement, course: Course) {
  const line = root.querySelector(`[${LIGHT.courseHeading}]`);
  if (!line) return;
  const drawn = part(classSessionTemplateId('course', languageOf(root)));
  replaceTexts(drawn, [
    [CLASS_SESSION_MARKS.code, course.code],
    [CLASS_SESSION_MARKS.name, course.name],
  ]);
  line.replaceWith(drawn);
}

/** The session's date and when its link ends (features/class-session/sessionNote.ts, in the page's language). */
function drawNote(root: HTMLElement, sessionId: string, session: ClassSession | null | undefined) {
  const note = root.querySelector<HTMLElement>(`[${LIGHT.sessionNote}]`);
  const language = languageOf(root);
  const texts = template(classSessionTemplateId('texts', language)).dataset;
  const date = (day: string) => new Intl.DateTimeFormat(language, LONG_DATE_OPTIONS).format(sessionDay(day));
  let text: string | undefined;
  if (isDateOnly(sessionId)) text = replaceMark(texts.day ?? '', CLASS_SESSION_MARKS.date, date(sessionId));
  else if (session) {
    const time = new Intl.DateTimeFormat(language, TIME_OPTIONS).format(new Date(session.expiresAt));
    text = replaceMark(
      replaceMark(texts.session ?? '', CLASS_SESSION_MARKS.date, date(session.sessionDate)),
      CLASS_SESSION_MARKS.time,
      time,
    );
  }
  if (!note || text === undefined) return;
  note.textContent = text;
  note.removeAttribute('aria-hidden');
  note.dataset.testid = 'session-note';
}

/** "What others found unclear", with a copy of the template's text of the same "me too" state per text. */
function drawPeer(root: HTMLElement, peer: PeerConfusion, focusId?: string) {
  const slot = slotOf(root);
  if (!slot || !peer.enabled) return;
  const language = languageOf(root);
  const texts = template(classSessionTemplateId('texts', language)).dataset;
  const drawn = part(classSessionTemplateId(peer.items.length ? 'peer-texts' : 'peer-empty', language));
  const list = drawn.querySelector('ul');
  const standIns = [...(list?.querySelectorAll('li') ?? [])];
  const entry = (item: PeerText) => {
    const copy = standIns
      .find((li) => li.querySelector('button')?.getAttribute('aria-pressed') === String(item.meToo))
      ?.cloneNode(true) as HTMLElement;
    const count = item.meToos === 1 ? (texts.one ?? '') : replaceMark(texts.other ?? '', CLASS_SESSION_MARKS.count, String(item.meToos));
    replaceTexts(copy, [[CLASS_SESSION_MARKS.text, item.text]]);
    const counted = copy.querySelector('[data-testid=me-too-count]');
    if (counted) counted.textContent = count;
    const button = copy.querySelector('button');
    if (button) button.dataset.meToo = item.id;
    // Never this device's own text: the page holds none (needsTheApp).
    return copy;
  };
  list?.replaceChildren(...peer.items.map(entry));
  slot.replaceChildren(drawn);
  slot.hidden = false;
  if (focusId) slot.querySelector<HTMLElement>(`button[data-me-too="${CSS.escape(focusId)}"]`)?.focus();
}

/**
 * Sets the page up, or hands it to the app; what it returns draws the page's state again once its
 * markup has been replaced (a change of language).
 */
export function setUpClassSession(root: HTMLElement, handOver: () => void, { signal }: { signal: AbortSignal }): (() => void) | undefined {
  const { courseId, sessionId } = feedbackAddress(new URLSearchParams(location.search));
  if (needsTheApp(courseId, sessionId)) {
    handOver();
    return undefined;
  }
  const got: Read = {};
  let busy: string | undefined;

  if (!sendThroughTheApp(root, handOver, { signal })) return undefined;
  const values = keepValues(root, { signal });
  const sliders = followSliders(root, { signal });

  const peerPath = `/functions/v1/submissions/me-too?${new URLSearchParams({ courseId, sessionId })}`;
  const meTooKey = queryKeys.submissions.meToo(courseId, sessionId);
  const askPeer = async () => {
    if (signal.aborted) return;
    try {
      const peer = await read<PeerConfusion>(peerPath, { 'x-device-id': deviceId() });
      if (signal.aborted) return;
      got.peer = peer;
      leaveForApp(meTooKey, got.peer);
      if (!busy) drawPeer(root, got.peer, focusedMeToo(root));
      if (!got.peer.enabled) return;
    } catch {
      // Asked again at the next turn, as the app's list does.
    }
    setTimeout(
      () => (document.hidden ? addEventListener('visibilitychange', askPeer, { once: true, signal }) : void askPeer()),
      PEER_POLL_MS,
    );
  };

  root.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-me-too]') : null;
      const item = got.peer?.items.find(({ id }) => id === button?.dataset.meToo);
      if (!button || !item || busy) return;
      void sayMeToo(item, button);
    },
    { signal },
  );

  async function sayMeToo(item: PeerText, button: HTMLButtonElement) {
    busy = item.id;
    button.disabled = true;
    try {
      const response = await fetch(`${apiConfig.supabaseUrl}/functions/v1/submissions/me-too`, {
        method: 'POST',
        headers: { ...API_KEYS, 'content-type': 'application/json', 'x-device-id': deviceId() },
        body: JSON.stringify({ courseId, sessionId, submissionId: item.id, meToo: !item.meToo }),
      });
      if (!response.ok) throw new Error(`"Me too" answered ${response.status}`);
      const answer = (await response.json()) as MeTooAnswer;
      item.meToo = answer.meToo;
      item.meToos = answer.meToos;
      if (got.peer) leaveForApp(meTooKey, got.peer);
    } catch {
      showToast('meTooFailed');
    } finally {
      busy = undefined;
      if (got.peer && !signal.aborted) drawPeer(root, got.peer, item.id);
    }
  }

  const draw = () => {
    if (got.course) drawCourse(root, got.course);
    drawNote(root, sessionId, got.session);
    if (got.peer) drawPeer(root, got.peer);
  };

  const ask = async () => {
    const courseKey = queryKeys.courses.detail(courseId);
    const [courses, session, notes, followUp] = await Promise.allSettled([
      readCourse(courseId),
      isUuid(sessionId) ? read<ClassSession | null>(`/rest/v1/rpc/get_class_session?session_id=${sessionId}`) : undefined,
      read<SessionNote[]>(`/rest/v1/rpc/course_notes?course_id=${courseId}&max_items=20`),
      read<FollowUpCheck | null>(`/rest/v1/rpc/follow_up_check?course_id=${courseId}&session=${encodeURIComponent(sessionId)}`),
    ]);
    if (signal.aborted) return;
    // The previous session's check question ("Did it help?"): asked by the app's form, above it.
    if (followUp.status === 'fulfilled') leaveForApp(queryKeys.notes.followUp(courseId, sessionId), followUp.value);
    if (followUp.status === 'fulfilled' && followUp.value) return handOver();
    // A failed read of the course: the app shows it, with its "Try again", rather than asking again at once.
    if (courses.status === 'rejected') {
      leaveFailureForApp(courseKey);
      return handOver();
    }
    const course = courses.value;
    const found = session.status === 'fulfilled' ? session.value : undefined;
    const day = isUuid(sessionId) ? found?.sessionDate : sessionId;
    // No such course (the app's "Course Not Found"), or notes for this session (the app's ProfessorNotes).
    if (!course || (notes.status === 'fulfilled' && notes.value.some((note) => note.sessionId === sessionId || note.sessionDate === day)))
      return handOver();
    got.course = course;
    got.session = found;
    leaveForApp(courseKey, course);
    if (notes.status === 'fulfilled') leaveForApp(queryKeys.notes.course(courseId), notes.value);
    if (found) leaveForApp(queryKeys.sessions.detail(sessionId), found);
    drawCourse(root, course);
    drawNote(root, sessionId, found);
  };
  drawNote(root, sessionId, undefined);
  void ask();
  void askPeer();

  return () => {
    draw();
    sliders.ready();
    restoreForm(root, values());
    sliders.drawAll();
  };
}

/** The "Me too" button that has focus, to give it back once the list is drawn again. */
function focusedMeToo(root: HTMLElement): string | undefined {
  const focused = document.activeElement;
  return focused instanceof HTMLElement && root.contains(focused) ? focused.dataset.meToo : undefined;
}
