import { useSyncExternalStore } from 'react';
import { CHANGED, EMPTY, read, type RememberedFeedback } from './rememberedFeedbackStore';

export {
  type RememberedFeedback,
  firstWords,
  forgetAllFeedback,
  forgetFeedback,
  rememberFeedback,
  rememberSentFeedback,
  rememberedFeedback,
} from './rememberedFeedbackStore';

function subscribe(onChange: () => void): () => void {
  // Another tab's change arrives as a storage event; this tab's as our own event.
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The remembered list, kept current; empty while a prerendered page hydrates. */
export function useRememberedFeedback(): RememberedFeedback[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
