import { Box, Card, Container, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { BadgeList } from '../../shared/ui/BadgeList';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { localDateString } from '../../shared/dates';
import { refusalMessage } from '../../shared/errorMessage';
import { feedbackAddress } from '../../shared/feedbackAddress';
import type { QuickFormInput, QuickFormOutput } from '../../shared/formTypes';
import { useSendSubmission } from '../../shared/api/send-submission';
import { pendingFor } from '../../shared/pendingSubmissions';
import { useTypedAgain } from '../../shared/forms/typedAgain';
import { useCourses } from '../../shared/api/get-courses';
import { type RememberedFeedback, rememberSentFeedback } from '../../shared/rememberedFeedback';
import { PrivateLink } from '../../shared/ui/PrivateLink';
import { SavedOnDevice } from '../../shared/ui/SavedOnDevice';
import { FooterLinks } from '../../shared/ui/FooterLinks';
import { notify } from '../../shared/notify';
import { QuickForm } from './QuickForm';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg';
import { LIGHT, useLightPage } from '../../shared/lightPage';
import TrackedSubmission from './TrackedSubmission';

type FormInput = QuickFormInput;

const SUBMIT_FAILED = {
  type: 'error',
  title: msg('Submission Failed'),
  description: msg('Please try again. If the problem persists, contact support.'),
} as const;

/**
 * The seed's Variant A ("submission screen") at /submit (`?courseId=` preselects, `?sessionId=` or
 * today's local date is the session) and /track/{editToken} (the same form editing that submission).
 */
export function SubmitPage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const light = useLightPage();
  return (
    <>
      <title>{token ? t('Your Feedback · ClassPulse') : t('Submit Feedback · ClassPulse')}</title>
      <Box as="section" bg="bg.subtle" py={{ base: '8', md: '12' }} borderBottomWidth="1px">
        <Container maxW="3xl" textAlign="center">
          <Stack gap="4" align="center">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              {token ? t('Your Anonymous Feedback') : t('Share What Confused You')}
            </Heading>
            <Text color="fg.muted">{t('Tell your professor which part of class was unclear. Nobody will know it was you.')}</Text>
            <BadgeList
              label={t('Your privacy')}
              items={[msg('100% Anonymous'), msg('No Personal Data'), msg('Safe Space')].map((badge) => t(badge))}
              colorPalette="green"
              gap="2"
            />
          </Stack>
        </Container>
      </Box>

      <Container maxW="3xl" py={{ base: '6', md: '10' }}>
        <Stack gap="6">
          {token ? (
            // A light private link's page draws the submission there (web/src/student/track.ts).
            <Box display="contents" {...(light ? { [LIGHT.track]: '' } : {})}>
              <TrackedSubmission token={token} />
            </Box>
          ) : (
            <NewSubmission />
          )}

          <Card.Root variant="subtle">
            <Card.Body gap="2">
              <Heading as="h2" size="md">
                {t('Privacy Guarantee')}
              </Heading>
              <Text color="fg.muted">
                {t(
                  'We never ask you to log in and never collect your name, student ID or any other personal information. Your feedback reaches your professor without anything that identifies you.',
                )}
              </Text>
            </Card.Body>
          </Card.Root>

          <HStack as="nav" aria-label={t('About ClassPulse')} justify="center" wrap="wrap" gap="4" fontSize="sm">
            <FooterLinks />
          </HStack>
        </Stack>
      </Container>
    </>
  );
}

function NewSubmission() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { courseId, sessionId: sessionParam } = feedbackAddress(searchParams);
  // Without ?sessionId= the session is today's local date. It is read once for the form (which
  // only needs a value to validate) and again when sending: never in a render-time key, so passing
  // local midnight can neither remount the form (losing what was typed) nor send yesterday's date,
  // which the server would refuse.
  const [firstDay] = useState(localDateString);
  const sessionId = sessionParam || firstDay;
  const [sent, setSent] = useState<RememberedFeedback | null>(null);
  const courses = useCourses();
  // A submission saved on this device by an earlier visit (bad Wi-Fi) is shown in the form until it is sent.
  const page = `submit|${courseId}|${sessionParam}`;
  const typedAgain = useTypedAgain();
  const [resumed, setResumed] = useState(() => pendingFor(page)?.body ?? typedAgain);
  const defaultValues = useMemo(
    () => ({ courseId, topic: '', confusion: '', difficultyLevel: undefined, sessionId, ...resumed }) as unknown as FormInput,
    [courseId, sessionId, resumed],
  );

  const create = useSendSubmission(page, {
    mutationConfig: {
      onSuccess: (created, values) => {
        // "Remember on this device" is on by default: one click on the confirmation takes it back.
        setSent(rememberSentFeedback(created.editToken, String(values.courseId), String(values.confusion), courses.data));
        setResumed(undefined);
        notify({
          type: 'success',
          title: t('Submission Sent!'),
          description: t('Thank you for your feedback. Your submission has been sent anonymously.'),
        });
      },
      onError: (error) => {
        notify({ ...SUBMIT_FAILED, description: refusalMessage(error, SUBMIT_FAILED.description) });
      },
    },
  });
  // Without ?sessionId= the date is read again when sending, so a form opened before local midnight
  // sends the new day's date, which the server accepts.
  const send = (values: QuickFormOutput) => create.send(sessionParam ? values : { ...values, sessionId: localDateString() });

  return (
    <Stack gap="6">
      {create.saved && <SavedOnDevice />}
      {sent && (
        <PrivateLink
          key={sent.token}
          focusOnMount
          editToken={sent.token}
          courseId={sent.courseId}
          excerpt={sent.excerpt}
          sentAt={sent.sentAt}
        />
      )}
      <QuickForm
        // A new key after each success: a submission sent later, from the device, also empties the form.
        key={`${courseId}|${sessionParam}|${sent?.token ?? ''}`}
        defaultValues={defaultValues}
        pending={create.isPending}
        submitLabel={t('Submit Feedback')}
        pendingLabel="Submitting..."
        resetOnSuccess
        postsWithoutScript
        askFollowUp
        onSubmit={(values) =>
          send(values).then(
            (outcome) => outcome === 'sent',
            () => false,
          )
        }
        onLoadFailure={() => notify(SUBMIT_FAILED)}
      />
    </Stack>
  );
}
