import { useSyncExternalStore } from 'react';
import { EMPTY, read, type RememberedFeedback, subscribeToRemembered } from './rememberedFeedbackStore';

export {
  type RememberedFeedback,
  courseLabel,
  firstWords,
  forgetAllFeedback,
  forgetFeedback,
  rememberFeedback,
  rememberSentFeedback,
  rememberedFeedback,
} from './rememberedFeedbackStore';

/** The remembered list, kept current; empty while a prerendered page hydrates. */
export function useRememberedFeedback(): RememberedFeedback[] {
  return useSyncExternalStore(subscribeToRemembered, read, () => EMPTY);
}
