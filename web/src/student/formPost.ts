/**
 * Light "sent" page of a feedback form posted without the app (`/submit/sent`, `/class-session/sent`):
 * the fragment the submissions function put the new submission's edit token in leaves the address
 * (kept for the app, features/form-post/fragment.ts), the submission and its course are read as the
 * app reads them, and the app's own page is drawn from the build's templates with its private link,
 * "Notify me if my professor replies" in its state, and the way back to the form. The device
 * remembers the feedback, as the app's page does. The app starts as the student comes to the
 * private link's card (its first focus or pointer there); a tap before it has taken over is kept.
 */
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { editTokenIn } from '../features/form-post/fragment';
import { submissionIdOf } from '../lib/ids';
import { queryKeys } from '../lib/queryKeys';
import type { Course } from '../shared/api/get-course';
import type { OwnSubmission } from '../shared/api/get-own-submission';
import { type FormPostPart, formPostTemplateId } from '../shared/lightPageMarkers';
import { rememberSentFeedback } from '../shared/rememberedFeedbackStore';
import { storageKey, writeStoredFeedback } from '../shared/storedFeedback';
import { readCourse, readOwnSubmission } from './api';
import { leaveForApp } from './forms';
import { template } from './islands';
import { addNotify, fillPrivateLink, rememberBoxIn } from './privateLinkCard';
import { startAppOnApproach } from './keepTaps';
import { backToFormLink, openOutcomePage, outcomeSlot } from './outcomePage';

const SENT_PAGE = /^\/(submit|class-session)\/sent\/?$/;

export const isSentPage = (root: HTMLElement) => SENT_PAGE.test(location.pathname) && outcomeSlot(root) !== null;

/** The private link's card in the drawn page (the section with the link's box). */
function cardOf(target: EventTarget | null): Element | null {
  const section = target instanceof Element ? target.closest('section') : null;
  return section?.querySelector('input[readonly]') ? section : null;
}

/** Resolves once what was just drawn is on screen (a largest paint after now), or after half a second. */
function painted(): Promise<void> {
  const drawnAt = performance.now();
  return new Promise((resolve) => {
    setTimeout(resolve, 500);
    try {
      new PerformanceObserver((paints, observer) => {
        if (!paints.getEntries().some((paint) => paint.startTime >= drawnAt)) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      resolve();
    }
  });
}

interface Sent {
  submission: OwnSubmission;
  course: Course | undefined;
}

export function setUpSentPage(root: HTMLElement, handOver: () => void, { signal }: { signal: AbortSignal }): () => void {
  const form = SENT_PAGE.exec(location.pathname)?.[1] === 'class-session' ? 'class-session' : 'submit';
  const page = openOutcomePage(form);
  const { fragment, courseId, sessionId } = page;
  const token = editTokenIn(fragment);
  /** The submission and its course once read, or 'gone' when there is none to show (as the app shows none). */
  let sent: Sent | 'gone' | undefined = token ? undefined : 'gone';

  /** "Notify me if my professor replies", once the submission and its course are known. */
  const notifyOnReply = (within: ParentNode, language: string) =>
    typeof sent === 'object' && addNotify(within, sent.submission, sent.course?.code ?? '', language);

  /**
   * The page with its way back, and the private link's card at once: the link is the token's, the
   * feedback is remembered once read. What the reads bring comes later into the card, which is
   * last on the page (nothing on the first screen moves).
   */
  function draw() {
    const target = outcomeSlot(root);
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    if (!target || !language) return;
    const part: FormPostPart = token && sent !== 'gone' ? 'private-link' : 'link';
    const content = template(formPostTemplateId(part, language)).content.cloneNode(true) as DocumentFragment;
    backToFormLink(content, page)?.setAttribute('href', page.backToForm);
    if (part === 'private-link' && token) {
      fillPrivateLink(content, token, true);
      notifyOnReply(content, language);
    }
    target.replaceChildren(content);
  }

  // The app starts as the student comes to the private link's card, a tap on its buttons before it
  // has taken over kept; not before the reads have answered, so that the app's page has the card too.
  let answered: Promise<unknown> = Promise.resolve();
  startAppOnApproach(
    root,
    {
      approached: (target) => cardOf(target) !== null,
      buttonOf: (target) => {
        const button = target instanceof Element ? target.closest('button') : null;
        return button && cardOf(button) ? button : null;
      },
    },
    () => void answered.then(handOver),
    { signal },
  );

  function readSent(token: string): Promise<void> {
    // The course the address names is asked for beside the submission: one round trip, not two.
    const courseOf = (id: string) => readCourse(id).catch(() => undefined);
    const named = courseId ? courseOf(courseId) : undefined;
    return readOwnSubmission(token).then(async (answer) => {
      if (signal.aborted) return;
      if (answer.state === 'found') {
        const { submission } = answer;
        leaveForApp(queryKeys.submissions.own(submissionIdOf(token)), submission);
        const course = await (submission.courseId === courseId && named ? named : courseOf(submission.courseId));
        if (signal.aborted) return;
        if (course) leaveForApp(queryKeys.courses.detail(submission.courseId), course);
        sent = { submission, course };
        // As the app's page does: the device's list has it, and Session Feedback shows it, editable while the session is open.
        rememberSentFeedback(
          token,
          submission.courseId,
          submission.kind === 'quick' ? submission.confusion : submission.unclearParts,
          course && [course],
        );
        if (form === 'class-session') writeStoredFeedback(storageKey(courseId, sessionId), { id: submission.id, editToken: token });
        const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
        if (language) notifyOnReply(root, language);
      } else {
        // Nothing to show the link of (the app would show no card): the card goes.
        sent = 'gone';
        cardOf(rememberBoxIn(root))?.remove();
      }
    });
  }

  draw();
  // The reads go once the card is on screen: nothing drawn waits on them, and the paint waits on nothing.
  if (token) answered = painted().then(() => (signal.aborted ? undefined : readSent(token)));
  return draw;
}
