import { Box, Button, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isNotFound } from '../../lib/errors';
import { type OwnQuickSubmission, type OwnSessionSubmission, ownSubmissionQueryOptions } from '../../shared/api/get-own-submission';
import { useUpdateOwnSubmission } from '../../shared/api/update-own-submission';
import type { QuickFormOutput, SessionFormInput } from '../../shared/formTypes';
import { SessionForm } from '../../shared/forms/SessionForm';
import { firstWords } from '../../shared/rememberedFeedback';
import { PrivateLink } from '../../shared/ui/PrivateLink';
import { msg } from '../../i18n/msg';
import { MessageBlock } from '../../shared/ui/MessageBlock';
import { NotFound } from '../../shared/ui/NotFound';
import { Notice } from '../../shared/ui/Notice';
import { ProfessorReply } from '../../shared/ui/ProfessorReply';
import { notify } from '../../shared/notify';
import { QuickForm } from './QuickForm';
import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../shared/ui/LoadingLine';

/**
 * /track/{editToken}: the submission that token opens, of either variant, in edit mode while its
 * class session is open, with the professor's reply (docs/product.md, Web routes).
 */
export default function TrackedSubmission({ token }: { token: string }) {
  const { t } = useTranslation();
  // A read the light page saw fail (web/src/student/track.ts) is shown failed, with its "Try again".
  const query = useQuery({ ...ownSubmissionQueryOptions(token), gcTime: 0, retryOnMount: false });
  const submission = query.data;

  if (query.isPending) {
    // A screen's height held while loading: the submission then takes its place without moving
    // what follows it on screen (a layout shift of 0.47 on a phone before).
    return (
      <Box minH="100vh">
        <LoadingLine text={t('Loading your submission...')} centered />
      </Box>
    );
  }
  // Only a refused token (404) is "not found"; a network or server failure is worth a retry.
  // Written with the not-found state's parts: /track is at the edge of the page-weight budget.
  if (query.isError && !isNotFound(query.error)) {
    return (
      <MessageBlock
        role="alert"
        size="xl"
        centered
        py="4"
        title={t('Unable to load your submission')}
        description={t('Please check your connection and try again.')}
      >
        <Button colorPalette="blue" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('Try again')}
        </Button>
      </MessageBlock>
    );
  }
  if (!submission) return <SubmissionNotFound />;

  const excerpt = firstWords(submission.kind === 'quick' ? submission.confusion : submission.unclearParts);
  return (
    <Stack gap="4">
      <ProfessorReply reply={submission.reply} />
      {submission.kind === 'quick' ? (
        <QuickEdit token={token} submission={submission} />
      ) : (
        <SessionEdit token={token} submission={submission} />
      )}
      <PrivateLink editToken={token} courseId={submission.courseId} excerpt={excerpt} sentAt={submission.createdAt} />
    </Stack>
  );
}

/** A token that opens no submission (also a light private link's template, web/src/student/track.ts). */
export function SubmissionNotFound() {
  const { t } = useTranslation();
  return (
    <NotFound
      title={t('Submission Not Found')}
      description={t('This track link is not valid: it may be mistyped, or the feedback was removed.')}
      action={{ to: '/submit', label: t('Submit New Feedback') }}
      centered
    />
  );
}

const failedToUpdate = () => notify({ type: 'error', title: msg('Error'), description: msg('Failed to update feedback') });

function QuickEdit({ token, submission }: { token: string; submission: OwnQuickSubmission }) {
  const { t } = useTranslation();
  const update = useUpdateOwnSubmission();
  // Each saved version redraws the form (its key), which takes the pressed button with it.
  const [updated, setUpdated] = useState(false);
  const save = ({ topic, confusion, difficultyLevel }: QuickFormOutput) =>
    update.mutateAsync({ editToken: token, content: { topic, confusion, difficultyLevel } }).then(() => setUpdated(true));
  const values = {
    courseId: submission.courseId,
    topic: submission.topic,
    confusion: submission.confusion,
    difficultyLevel: submission.difficultyLevel,
    sessionId: submission.sessionId,
  };
  return (
    <>
      {!submission.open && (
        <Notice tone="warning" role="status">
          {t('This class session has ended; feedback can no longer be edited.')}
        </Notice>
      )}
      <QuickForm
        key={submission.updatedAt}
        focusSubmit={updated}
        defaultValues={values}
        pending={update.isPending}
        submitLabel={t('Update Feedback')}
        pendingLabel="Updating..."
        readOnly={!submission.open}
        lockedCourseId={submission.courseId}
        onSubmit={(v) =>
          save(v).then(
            () => true,
            () => false,
          )
        }
        onLoadFailure={failedToUpdate}
      />
    </>
  );
}

function SessionEdit({ token, submission }: { token: string; submission: OwnSessionSubmission }) {
  const update = useUpdateOwnSubmission();
  // Each saved version redraws the form (its key), which takes the pressed button with it.
  const [updated, setUpdated] = useState(false);
  const { mindAfterSession, unclearParts, wentWell, pace, challengeLevel, clarityRating, confidenceLevel } = submission;
  const values = {
    courseId: submission.courseId,
    mindAfterSession,
    unclearParts,
    wentWell,
    pace,
    challengeLevel,
    clarityRating,
    confidenceLevel,
  } as SessionFormInput;
  return (
    <SessionForm
      key={submission.updatedAt}
      focusSubmit={updated}
      defaultValues={values}
      course={{ lockedCourseId: submission.courseId }}
      editing
      ended={!submission.open}
      pending={update.isPending}
      onSubmit={({ courseId: _courseId, ...content }) =>
        update.mutate({ editToken: token, content }, { onSuccess: () => setUpdated(true) })
      }
      onLoadFailure={failedToUpdate}
    />
  );
}
