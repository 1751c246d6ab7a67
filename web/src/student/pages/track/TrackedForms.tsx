import type { OwnQuickSubmission, OwnSessionSubmission, OwnSubmission } from '../../../shared/api/get-own-submission';
import { QuickForm } from '../../forms/QuickForm';
import { SessionForm } from '../../forms/SessionForm';
import { failedToUpdate, useOwnUpdate } from '../../forms/useOwnUpdate';
import { useT } from '../../runtime/useT';
import { Notice } from '../../ui/states';

interface EditProps<S extends OwnSubmission> {
  token: string;
  submission: S;
  /** The saved version, as the server answered the edit. */
  onSaved: (saved: OwnSubmission) => void;
}

/** A Variant A submission in edit mode (its course fixed), read-only with the seed's note once its session has ended. */
export function QuickEdit({ token, submission, onSaved }: EditProps<OwnQuickSubmission>) {
  const { t } = useT();
  const { update, updating } = useOwnUpdate(onSaved);
  const { courseId, topic, confusion, difficultyLevel } = submission;
  return (
    <>
      {!submission.open && (
        <Notice tone="warning" role="status">
          {t('This class session has ended; feedback can no longer be edited.')}
        </Notice>
      )}
      <QuickForm
        defaults={{ courseId, topic, confusion, difficultyLevel }}
        version={token}
        sessionId={submission.sessionId}
        pending={updating}
        submitLabel={t('Update Feedback')}
        pendingLabel={t('Updating...')}
        readOnly={!submission.open}
        onSubmit={(values) => update(token, { topic: values.topic, confusion: values.confusion, difficultyLevel: values.difficultyLevel })}
        onLoadFailure={failedToUpdate}
      />
    </>
  );
}

/** A Variant B submission in edit mode (its course fixed), read-only once its session has ended. */
export function SessionEdit({ token, submission, onSaved }: EditProps<OwnSessionSubmission>) {
  const { update, updating } = useOwnUpdate(onSaved);
  const { courseId, mindAfterSession, unclearParts, wentWell, pace, challengeLevel, clarityRating, confidenceLevel } = submission;
  return (
    <SessionForm
      defaults={{ courseId, mindAfterSession, unclearParts, wentWell, pace, challengeLevel, clarityRating, confidenceLevel }}
      version={token}
      course={{ lockedCourseId: courseId }}
      editing
      ended={!submission.open}
      pending={updating}
      onSubmit={({ courseId: _courseId, ...content }) => update(token, content)}
      onLoadFailure={failedToUpdate}
    />
  );
}
