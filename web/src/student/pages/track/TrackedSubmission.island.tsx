import { isNotFound } from '../../../lib/errors';
import { getCourse } from '../../../shared/api/get-course';
import { getOwnSubmission } from '../../../shared/api/get-own-submission';
import { firstWords } from '../../../shared/rememberedFeedback';
import { ReadCourse } from '../../forms/readCourse';
import { STUDENT_PAGES } from '../../pages';
import { useAddress } from '../../runtime/address';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { PrivateLink } from '../../ui/PrivateLink';
import { ProfessorReply } from '../../ui/ProfessorReply';
import { Box, Button, Stack } from '../../ui/primitives';
import { LoadingLine, MessageBlock, NotFound } from '../../ui/states';
import { QuickEdit, SessionEdit } from './TrackedForms';

const TRACK_LINK = STUDENT_PAGES.find((page) => page.path === '/track/{token}')?.addresses;

/**
 * /track/{editToken}: the submission its token opens, of either variant, in edit mode while its
 * class session is open (read-only after), with the professor's reply and its private link.
 */
export default function TrackedSubmission() {
  const { t } = useT();
  const address = useAddress(TRACK_LINK);
  const token = address?.id ?? '';
  const own = useRead(`own:${token}`, () => getOwnSubmission(token), { enabled: address !== undefined });
  // Its course is read before the form is drawn, so that its name does not move the form; the
  // form's course line and the private link take it from here (ReadCourse).
  const courseId = own.data?.courseId ?? '';
  const course = useRead(`course:${courseId}`, () => getCourse(courseId), { enabled: Boolean(courseId) });

  if (own.status === 'pending' || (courseId && course.status === 'pending')) {
    // A screen's height held while loading: the submission then takes its place without moving
    // what follows it on screen (a layout shift of 0.47 on a phone before).
    return (
      <Box minH="100vh">
        <LoadingLine text={t('Loading your submission...')} centered />
      </Box>
    );
  }
  // Only a refused token (404) is "not found"; a network or server failure is worth a retry.
  if (own.status === 'error' && !isNotFound(own.error)) {
    return (
      <MessageBlock
        role="alert"
        size="xl"
        centered
        py="4"
        title={t('Unable to load your submission')}
        description={t('Please check your connection and try again.')}
      >
        <Button colorPalette="blue" onClick={own.refetch} loading={own.fetching}>
          {t('Try again')}
        </Button>
      </MessageBlock>
    );
  }
  if (own.status === 'error') {
    return (
      <NotFound
        title={t('Submission Not Found')}
        description={t('This track link is not valid: it may be mistyped, or the feedback was removed.')}
        action={{ href: '/submit', label: t('Submit New Feedback') }}
        centered
      />
    );
  }

  const submission = own.data;
  return (
    <ReadCourse.Provider value={course.data}>
      <Stack gap="4">
        <ProfessorReply reply={submission.reply} />
        {submission.kind === 'quick' ? (
          <QuickEdit token={token} submission={submission} onSaved={own.set} />
        ) : (
          <SessionEdit token={token} submission={submission} onSaved={own.set} />
        )}
        <PrivateLink
          editToken={token}
          courseId={submission.courseId}
          excerpt={firstWords(submission.kind === 'quick' ? submission.confusion : submission.unclearParts)}
          sentAt={submission.createdAt}
          submission={submission}
        />
      </Stack>
    </ReadCourse.Provider>
  );
}
