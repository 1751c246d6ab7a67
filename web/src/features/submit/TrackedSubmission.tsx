import { Button, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { type OwnQuickSubmission, ownSubmissionQueryOptions } from '../../shared/api/get-own-submission';
import { useUpdateOwnSubmission } from '../../shared/api/update-own-submission';
import type { QuickFormOutput } from '../../shared/formTypes';
import { LinkButton } from '../../shared/ui/LinkButton';
import { Notice } from '../../shared/ui/Notice';
import { ProfessorReply } from '../../shared/ui/ProfessorReply';
import { notify } from '../../shared/notify';
import { QuickForm } from './QuickForm';
import { useTranslation } from 'react-i18next';

type FormOutput = QuickFormOutput;

/** /track/{editToken}: the Variant A submission that token opens, in edit mode (docs/product.md, Web routes). */
export default function TrackedSubmission({ token }: { token: string }) {
  const { t } = useTranslation();
  const query = useQuery({ ...ownSubmissionQueryOptions(token), gcTime: 0 });
  const submission = query.data?.kind === 'quick' ? (query.data as OwnQuickSubmission) : undefined;

  const update = useUpdateOwnSubmission();
  const save = ({ topic, confusion, difficultyLevel }: FormOutput) =>
    update.mutateAsync({ editToken: token, content: { topic, confusion, difficultyLevel } });

  if (query.isPending) {
    return (
      <HStack role="status" gap="3" justify="center">
        <Spinner size="sm" />
        <Text>{t('Loading your submission...')}</Text>
      </HStack>
    );
  }
  // Only a refused token (404) is "not found"; a network or server failure is worth a retry.
  // Written with the not-found state's parts: /track is at the edge of the page-weight budget.
  if (query.isError && !isNotFound(query.error)) {
    return (
      <Stack role="alert" gap="3" align="center" textAlign="center" py="4">
        <Heading as="h2" size="xl">
          {t('Unable to load your submission')}
        </Heading>
        <Text color="fg.muted">{t('Please check your connection and try again.')}</Text>
        <Button colorPalette="blue" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  }
  if (!submission) {
    return (
      <Stack gap="3" align="center" textAlign="center" py="4">
        <Heading as="h2" size="xl">
          {t('Submission Not Found')}
        </Heading>
        <Text color="fg.muted">
          {t('This track link is not valid: it may be mistyped, or the submission was removed. Links only work for feedback sent from the submission screen.')}
        </Text>
        <LinkButton asChild colorPalette="blue">
          <RouterLink to="/submit">{t('Submit New Feedback')}</RouterLink>
        </LinkButton>
      </Stack>
    );
  }

  const values = {
    courseId: submission.courseId,
    topic: submission.topic,
    confusion: submission.confusion,
    difficultyLevel: submission.difficultyLevel,
    sessionId: submission.sessionId,
  };
  return (
    <Stack gap="4">
      <ProfessorReply reply={submission.reply} />
      {!submission.open && (
        <Notice tone="warning" role="status">
          {t('This class session has ended; feedback can no longer be edited.')}
        </Notice>
      )}
      <QuickForm
        key={submission.updatedAt}
        defaultValues={values}
        pending={update.isPending}
        submitLabel={t('Update Feedback')}
        pendingLabel="Updating..."
        readOnly={!submission.open}
        lockedCourseId={submission.courseId}
        onSubmit={(v) => save(v).then(() => true, () => false)}
        onLoadFailure={() => notify({ type: 'error', title: t('Error'), description: t('Failed to update feedback') })}
      />
    </Stack>
  );
}
