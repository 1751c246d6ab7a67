// A private link's card (the app's PrivateLink) as a light page fills it in (track.ts, formPost.ts):
// the link, "Remember on this device", Share where the browser can, and "Notify me if my professor
// replies" from the build's template of the app's NotifyOnReplyView in the state the browser and the
// submission call for, with the course's code.
import type { OwnSubmission } from '../shared/api/get-own-submission';
import { LIGHT, TRACK_MARKS, type TrackPart, trackTemplateId } from '../shared/lightPageMarkers';
import { privateLinkOf } from '../shared/privateLink';
import { pushSupport } from '../shared/pushSupport';
import { replaceTexts, template } from './islands';

/** Marks the drawn part, to draw it again in the state the student sets. */
export const NOTIFY_PART = 'data-notify-part';

/** The part, or nothing where the app shows none (a reply came, and the browser could have been told). */
export function notifyPart(
  submission: Pick<OwnSubmission, 'reply' | 'notify'>,
  courseCode: string,
  language: string,
): DocumentFragment | undefined {
  const support = pushSupport();
  if (support === 'supported' && submission.reply) return undefined;
  const name: TrackPart =
    support === 'unsupported'
      ? 'notify-unsupported'
      : support === 'denied'
        ? 'notify-denied'
        : submission.notify
          ? 'notify-on'
          : 'notify-off';
  const content = template(trackTemplateId(name, language)).content.cloneNode(true) as DocumentFragment;
  replaceTexts(content, [[TRACK_MARKS.code, courseCode]]);
  content.firstElementChild?.setAttribute(NOTIFY_PART, '');
  return content;
}

/** The card's "Remember on this device" box. */
export const rememberBoxIn = (within: ParentNode) => within.querySelector<HTMLInputElement>('input[type=checkbox][aria-describedby]');

/** "Notify me if my professor replies" where the app puts it: the card's last line, after "Remember on this device". */
export function addNotify(within: ParentNode, submission: Pick<OwnSubmission, 'reply' | 'notify'>, courseCode: string, language: string) {
  const notify = notifyPart(submission, courseCode, language);
  if (notify) rememberBoxIn(within)?.closest('label')?.parentElement?.parentElement?.append(notify);
}

/** The card's link, its box as this device remembers it, and Share only where the browser can. */
export function fillPrivateLink(within: ParentNode, token: string, remembered: boolean) {
  const remember = rememberBoxIn(within);
  const linkBox = remember?.closest('section')?.querySelector<HTMLInputElement>('input[readonly]:not([name])');
  if (linkBox) linkBox.defaultValue = privateLinkOf(token);
  if (remember) remember.defaultChecked = remember.checked = remembered;
  if (typeof navigator.share !== 'function') within.querySelector(`[${LIGHT.shareTitle}]`)?.remove();
}
