// What a form post's outcome page (`/submit/sent`, `/class-session/not-sent`, …) starts with on a
// light page (formPost.ts, notSent.ts): its form, its fragment taken out of the address, and the
// address of the form again.
import { OUTCOME_FRAGMENT_GLOBAL } from '../features/form-post/fragment';
import { feedbackAddress } from '../shared/feedbackAddress';
import { LIGHT } from '../shared/lightPageMarkers';

export const outcomeSlot = (root: HTMLElement) => root.querySelector<HTMLElement>(`[${LIGHT.formPost}]`);

export interface OutcomePage {
  form: 'submit' | 'class-session';
  /** The fragment the submissions function wrote (`token=…`, or the refusal and what was typed). */
  fragment: string;
  courseId: string;
  sessionId: string;
  /** The form's address, with the course and session this page's names. */
  backToForm: string;
}

/**
 * The page's fragment leaves the address bar (and the history) at once, as on the app's page; it is
 * left for the app (features/form-post/fragment.ts), should the app take over.
 */
export function openOutcomePage(form: OutcomePage['form']): OutcomePage {
  const fragment = location.hash;
  (window as unknown as Record<string, unknown>)[OUTCOME_FRAGMENT_GLOBAL] = fragment;
  if (fragment) history.replaceState(history.state, '', location.pathname + location.search);
  const { courseId, sessionId } = feedbackAddress(new URLSearchParams(location.search));
  const query = new URLSearchParams();
  if (courseId) query.set('courseId', courseId);
  if (sessionId) query.set('sessionId', sessionId);
  return { form, fragment, courseId, sessionId, backToForm: `/${form}${query.size ? `?${query}` : ''}` };
}

/** The drawn page's way back to the form ("Send More Feedback", "Back to the Form"): its link, or none. */
export const backToFormLink = (within: ParentNode, { form }: Pick<OutcomePage, 'form'>) =>
  within.querySelector<HTMLAnchorElement>(`a[href^="/${form}"]`);
