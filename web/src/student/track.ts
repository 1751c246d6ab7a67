/**
 * Light private link (`/track/{editToken}`): the page shows "Loading your submission..." from its
 * HTML while this reads the submission as the app does, then draws it from templates the build
 * rendered of the app's own TrackedSubmission (each variant, open or ended) for a stand-in: the
 * professor's reply, the form filled in, the private link. Copy Link, Share, "Remember on this
 * device" and a change of language work here. The app starts for what only it does: "Update
 * Feedback" (the tap is kept, and the app sends it), "Notify me if my professor replies" (the
 * change is carried over, app/takeover.ts), or a read that failed (the app shows "Try again").
 */
import { APP_FAILED_EVENT, PRERENDERED_LANGUAGE_ATTRIBUTE, SUBMIT_PENDING_ATTRIBUTE } from '../app/prerendered';
import { TRACK_PAGE_PATH } from '../app/addressPages';
import { submissionIdOf } from '../lib/ids';
import { queryKeys } from '../lib/queryKeys';
import { LIGHT, TRACK_MARKS, type TrackPart, trackTemplateId } from '../shared/lightPageMarkers';
import { privateLinkOf } from '../shared/privateLink';
import { firstWords, forgetFeedback, rememberFeedback, rememberedFeedback, subscribeToRemembered } from '../shared/rememberedFeedbackStore';
import type { Course } from '../shared/api/get-course';
import type { OwnSubmission } from '../shared/api/get-own-submission';
import { replaceTexts, template } from './islands';
import { followSliders, keepValues, leaveFailureForApp, leaveForApp, restoreForm, showSending } from './forms';
import { readCourse, readOwnSubmission } from './api';
import { NOTIFY_PART, addNotify, fillPrivateLink, notifyPart, rememberBoxIn } from './privateLinkCard';
import { showToast } from './toast';

/** What the app's CourseName shows until the course is read. */
const COURSE_UNKNOWN = '…';

const slot = (root: HTMLElement) => root.querySelector<HTMLElement>(`[${LIGHT.track}]`);

export const isTrackPage = (root: HTMLElement) => TRACK_PAGE_PATH.test(location.pathname) && slot(root) !== null;

function tokenOfPage(): string {
  const raw = TRACK_PAGE_PATH.exec(location.pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** What the form shows of a submission, by field name. */
function formValues(submission: OwnSubmission): Record<string, string> {
  if (submission.kind === 'quick') {
    const { topic, confusion, difficultyLevel } = submission;
    return { topic, confusion, difficultyLevel };
  }
  const { mindAfterSession, unclearParts, wentWell, pace, challengeLevel, clarityRating, confidenceLevel } = submission;
  return {
    mindAfterSession,
    unclearParts,
    wentWell,
    pace,
    challengeLevel,
    clarityRating: String(clarityRating),
    confidenceLevel: String(confidenceLevel),
  };
}

/** Puts the values in as the form's own (its defaults), as the app's form holds them once read. */
function fill(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (control instanceof RadioNodeList) {
      for (const radio of control) if (radio instanceof HTMLInputElement) radio.defaultChecked = radio.value === value;
    } else if (control instanceof HTMLSelectElement) {
      for (const option of control.options) option.defaultSelected = option.value === value;
    } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      control.defaultValue = value;
    }
  }
  form.reset();
}

/**
 * "Update Feedback" is the app's to send: the tap is kept on the form (app/takeover.ts sends it),
 * and the button says it is updating meanwhile. Not tied to the page's listeners, which go when the
 * app is asked to start: a second tap before it has taken over must not post the form natively.
 */
function keepUpdatesForApp(root: HTMLElement, handOver: () => void) {
  const keep = (form: HTMLFormElement) => {
    if (form.hasAttribute(SUBMIT_PENDING_ATTRIBUTE)) return;
    form.setAttribute(SUBMIT_PENDING_ATTRIBUTE, '');
    showSending(form);
    handOver();
  };
  root.addEventListener('submit', (event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    keep(event.target);
  });
  // A field the browser calls invalid: the app's own messages say why.
  root.addEventListener(
    'invalid',
    (event) => {
      const form = (event.target as HTMLInputElement).form;
      if (!form) return;
      event.preventDefault();
      keep(form);
    },
    true,
  );
  // The app's code could not be loaded (the page's loader says so): nothing was sent.
  addEventListener(APP_FAILED_EVENT, () => {
    for (const form of root.querySelectorAll(`form[${SUBMIT_PENDING_ATTRIBUTE}]`)) {
      form.removeAttribute(SUBMIT_PENDING_ATTRIBUTE);
      const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
      if (button?.dataset.label !== undefined) button.textContent = button.dataset.label;
      showToast('updateFailed');
    }
  });
}

export function setUpTrack(root: HTMLElement, handOver: () => void, { signal }: { signal: AbortSignal }): () => void {
  const token = tokenOfPage();
  const id = submissionIdOf(token);
  let own: OwnSubmission | 'removed' | undefined;
  let course: Course | undefined;
  const typed = keepValues(root, { signal });
  const sliders = followSliders(root, { signal });

  const part = (name: TrackPart, language: string) => template(trackTemplateId(name, language)).content.cloneNode(true) as DocumentFragment;
  const link = () => privateLinkOf(token);
  const remembered = () => rememberedFeedback().some((entry) => entry.token === token);
  const rememberBox = () => {
    const card = slot(root);
    return card ? rememberBoxIn(card) : null;
  };

  /**
   * "Notify me if my professor replies" as the student just set it, while the app starts to turn it
   * on or off: the other state's template, its box a change from what the page was drawn with (for
   * the takeover to carry over), with focus where it was.
   */
  function showNotifyChoice(box: HTMLInputElement, submission: OwnSubmission) {
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    const shown = box.closest(`[${NOTIFY_PART}]`);
    const again = language ? notifyPart({ ...submission, notify: box.checked }, course?.code ?? '', language) : undefined;
    const next = again?.querySelector<HTMLInputElement>('input[type=checkbox]');
    if (!shown || !again || !next) return;
    const focused = document.activeElement === box;
    next.defaultChecked = !box.checked;
    next.checked = box.checked;
    shown.replaceWith(again);
    if (focused) next.focus();
  }

  function drawFound(target: HTMLElement, submission: OwnSubmission, language: string) {
    const content = part(`${submission.kind}-${submission.open ? 'open' : 'ended'}`, language);
    if (!submission.reply) content.querySelector('[data-testid=professor-reply]')?.closest('section')?.remove();
    replaceTexts(content, [
      [TRACK_MARKS.reply, submission.reply?.body ?? ''],
      [`${TRACK_MARKS.code} - ${TRACK_MARKS.name}`, course ? `${course.code} - ${course.name}` : COURSE_UNKNOWN],
    ]);
    target.replaceChildren(content);
    const form = target.querySelector('form');
    if (form) {
      sliders.ready();
      fill(form, formValues(submission));
      sliders.drawAll();
    }
    fillPrivateLink(target, token, remembered());
    addNotify(target, submission, course?.code ?? '', language);
  }

  function draw() {
    const target = slot(root);
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    if (!target || !language || !own) return;
    if (own === 'removed') target.replaceChildren(part('not-found', language));
    else drawFound(target, own, language);
  }

  const rememberNow = (submission: OwnSubmission) =>
    rememberFeedback({
      token,
      courseId: submission.courseId,
      courseCode: course?.code ?? '',
      courseName: course?.name ?? '',
      excerpt: firstWords(submission.kind === 'quick' ? submission.confusion : submission.unclearParts),
      sentAt: submission.createdAt,
    });

  root.addEventListener(
    'change',
    (event) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox' || typeof own !== 'object') return;
      if (box === rememberBox()) {
        if (box.checked) rememberNow(own);
        else forgetFeedback(token);
        // What the page holds now, which the app's takeover then has no change of to carry over.
        box.defaultChecked = box.checked;
      } else if (box.closest(`[${NOTIFY_PART}]`)) {
        showNotifyChoice(box, own);
        handOver();
      }
    },
    { signal },
  );
  root.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || !slot(root)?.contains(button) || button.type === 'submit') return;
      const title = button.getAttribute(LIGHT.shareTitle);
      if (title !== null) return void navigator.share({ title, url: link() }).catch(() => undefined);
      // The private link's other button: Copy Link, with the app's toasts.
      if (button.closest('section')?.querySelector('input[readonly]:not([name])'))
        navigator.clipboard.writeText(link()).then(
          () => showToast('copied'),
          () => showToast('copyFailed'),
        );
    },
    { signal },
  );
  // The link's box selects its text when focused, to copy.
  root.addEventListener(
    'focusin',
    (event) => event.target instanceof HTMLInputElement && event.target.matches('input[readonly]:not([name])') && event.target.select(),
    { signal },
  );
  // Remembered or forgotten elsewhere (My feedback, another tab): the box says so.
  signal.addEventListener(
    'abort',
    subscribeToRemembered(() => {
      const box = rememberBox();
      if (box) box.defaultChecked = box.checked = remembered();
    }),
  );
  keepUpdatesForApp(root, handOver);

  void readOwnSubmission(token).then(async (answer) => {
    if (signal.aborted) return;
    if (answer.state === 'unreachable') {
      // As the app's page says it, with its "Try again", rather than asking again.
      leaveFailureForApp(queryKeys.submissions.own(id));
      return handOver();
    }
    if (answer.state === 'removed') {
      own = 'removed';
      return draw();
    }
    own = answer.submission;
    leaveForApp(queryKeys.submissions.own(id), own);
    // Drawn with its course: the course's line, drawn later, would move the form below it on a phone.
    const courseId = own.courseId;
    course = await readCourse(courseId).catch(() => undefined);
    if (signal.aborted) return;
    if (course) leaveForApp(queryKeys.courses.detail(courseId), course);
    draw();
    // The device's list shows the course's code and name, as the app keeps it.
    const entry = rememberedFeedback().find((each) => each.token === token);
    if (entry && course && (entry.courseCode !== course.code || entry.courseName !== course.name)) rememberNow(own);
  });

  return () => {
    draw();
    restoreForm(root, typed());
  };
}
