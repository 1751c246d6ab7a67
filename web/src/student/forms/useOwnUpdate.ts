import { useCallback, useRef, useState } from 'react';
import { msg } from '../../i18n/msg';
import type { OwnSubmission } from '../../shared/api/get-own-submission';
import { updateOwnSubmission } from '../../shared/api/update-own-submission';
import { refusalMessage } from '../../shared/errorMessage';
import { notify } from '../ui/toaster';

/** The toasts of a student's edit, on /class-session and /track alike; a refusal (4xx) in the server's words. */
export const failedToUpdate = (error?: unknown) =>
  notify({ type: 'error', title: msg('Error'), description: refusalMessage(error, msg('Failed to update feedback')) });

/** Saves an edit of the student's own submission (its content only), then hands the saved version to `onSaved`. */
export function useOwnUpdate(onSaved: (saved: OwnSubmission) => void) {
  const [updating, setUpdating] = useState(false);
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const update = useCallback((editToken: string, content: Record<string, unknown>) => {
    setUpdating(true);
    updateOwnSubmission({ editToken, content })
      .then((submission) => {
        saved.current(submission);
        notify({ type: 'success', title: msg('Updated!'), description: msg('Your feedback has been updated successfully.') });
      }, failedToUpdate)
      .finally(() => setUpdating(false));
  }, []);
  return { update, updating };
}
