import { Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { msg } from '../../i18n/msg';
import { type OwnSubmission, ownSubmissionQueryOptions } from '../../shared/api/get-own-submission';
import { useCourses } from '../../shared/api/get-courses';
import { refusalMessage } from '../../shared/errorMessage';
import { feedbackAddress } from '../../shared/feedbackAddress';
import { firstWords, rememberSentFeedback } from '../../shared/rememberedFeedback';
import { LinkButton } from '../../shared/ui/LinkButton';
import { Notice } from '../../shared/ui/Notice';
import { PrivateLink } from '../../shared/ui/PrivateLink';
import { useHydrated } from '../../shared/useHydrated';
import { LIGHT } from '../../shared/lightPageMarkers';
import type { TypedAgain } from '../../shared/forms/typedAgain';
import { storageKey, writeStoredFeedback } from '../../shared/storedFeedback';
import { type FormPage, type FormPostOutcome, readOutcome } from './outcome';
import { outcomeFragment } from './fragment';

// The forms' labels, to name the fields a refusal points at.
export const FIELD_LABELS: Record<string, string> = {
  courseId: msg('Course'),
  topic: msg('Topic'),
  confusion: msg('What confused you?'),
  difficultyLevel: msg('How confused are you?'),
  mindAfterSession: msg("What's on your mind after this session?"),
  unclearParts: msg('What parts were unclear?'),
  wentWell: msg('What went well?'),
  pace: msg('How was the pace?'),
  challengeLevel: msg('How challenging was it?'),
  clarityRating: msg('How clear was this session?'),
  confidenceLevel: msg('How confident do you feel about the material?'),
};

/**
 * Where a feedback form posted without JavaScript lands (`/submit/sent`, `/class-session/not-sent`, …):
 * the outcome in plain HTML for a browser without scripts, and once the app runs, the private link
 * of what was sent, or the refusal by field with a way back to the form that keeps what was typed.
 */
export function FormPostOutcomePage() {
  const { pathname } = useLocation();
  const form: FormPage = pathname.startsWith('/class-session') ? 'class-session' : 'submit';
  const sent = pathname.replace(/\/+$/, '').endsWith('/sent');
  const hydrated = useHydrated();
  const [outcome] = useState<FormPostOutcome | null>(() => (typeof window === 'undefined' ? null : readOutcome(outcomeFragment())));
  // The token has been read: it leaves the address bar (and the history) at once.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  return (
    // A screen tall when sent, so the private link's card (drawn from data, last) moves no footer in sight.
    <Container maxW="3xl" py={{ base: '8', md: '12' }} minH={sent ? '100dvh' : undefined} {...{ [LIGHT.formPost]: '' }}>
      {sent ? <Sent form={form} outcome={hydrated ? outcome : null} /> : <NotSent form={form} outcome={hydrated ? outcome : null} />}
    </Container>
  );
}

function useFormAddress(form: FormPage) {
  const [search] = useSearchParams();
  const { courseId, sessionId } = feedbackAddress(search);
  const query = new URLSearchParams();
  if (courseId) query.set('courseId', courseId);
  if (sessionId) query.set('sessionId', sessionId);
  return { courseId, sessionId, to: `/${form}${query.size ? `?${query}` : ''}` };
}

const textOf = (submission: OwnSubmission) => (submission.kind === 'quick' ? submission.confusion : submission.unclearParts);

export function Sent({ form, outcome }: { form: FormPage; outcome: FormPostOutcome | null }) {
  const { t } = useTranslation();
  const { courseId, sessionId, to } = useFormAddress(form);
  const editToken = outcome?.editToken;
  const own = useQuery({ ...ownSubmissionQueryOptions(editToken ?? ''), enabled: Boolean(editToken) });
  const courses = useCourses();
  const remembered = useRef(false);
  useEffect(() => {
    if (!editToken || !own.data || remembered.current) return;
    remembered.current = true;
    rememberSentFeedback(editToken, own.data.courseId, textOf(own.data), courses.data);
    // Variant B's page shows this feedback, editable while the session is open, as after a send from the app.
    if (form === 'class-session') writeStoredFeedback(storageKey(courseId, sessionId), { id: own.data.id, editToken });
  }, [editToken, own.data, courses.data, form, courseId, sessionId]);

  return (
    <Stack gap="6">
      <title>{t('Feedback Sent · ClassPulse')}</title>
      <OutcomeNotice tone="success" title={form === 'submit' ? t('Submission Sent!') : t('Submitted!')}>
        <Text>
          {form === 'submit'
            ? t('Thank you for your feedback. Your submission has been sent anonymously.')
            : t('Your feedback has been submitted anonymously.')}
        </Text>
      </OutcomeNotice>
      {/* Before the private link, which comes with data: a card that arrives pushes nothing down. */}
      {outcome && (
        <LinkButton asChild variant="outline" alignSelf="flex-start">
          <RouterLink to={to}>{form === 'submit' ? t('Send More Feedback') : t('Back to the Form')}</RouterLink>
        </LinkButton>
      )}
      {editToken && own.data && (
        <PrivateLink
          editToken={editToken}
          courseId={own.data.courseId}
          excerpt={firstWords(textOf(own.data))}
          sentAt={own.data.createdAt}
        />
      )}
    </Stack>
  );
}

export function NotSent({ form, outcome }: { form: FormPage; outcome: FormPostOutcome | null }) {
  const { t } = useTranslation();
  const { to } = useFormAddress(form);
  const fields = Object.entries(outcome?.fields ?? {});
  return (
    <Stack gap="6">
      <title>{t('Feedback Not Sent · ClassPulse')}</title>
      <OutcomeNotice tone="error" title={t('Your feedback was not sent')}>
        <Text>{t('Nothing was saved. Go back to the form, where what you typed is kept, and send it again.')}</Text>
        {outcome?.error && fields.length === 0 && (
          <Text fontWeight="semibold">{refusalMessage(outcome.error, 'Failed to submit feedback')}</Text>
        )}
        {fields.length > 0 && (
          <List.Root ps="5">
            {fields.map(([field, message]) => (
              <List.Item key={field}>
                {FIELD_LABELS[field] ? `${t(FIELD_LABELS[field])}: ` : ''}
                {t(message)}
              </List.Item>
            ))}
          </List.Root>
        )}
      </OutcomeNotice>
      {outcome && (
        <LinkButton asChild colorPalette="blue" alignSelf="flex-start">
          <RouterLink to={to} state={{ typed: outcome.typed } satisfies TypedAgain}>
            {t('Back to the Form')}
          </RouterLink>
        </LinkButton>
      )}
    </Stack>
  );
}

/** The outcome of a form post, said first on its page: a status when sent, an alert when not. */
function OutcomeNotice({ tone, title, children }: { tone: 'success' | 'error'; title: string; children: ReactNode }) {
  return (
    <Notice tone={tone} role={tone === 'success' ? 'status' : 'alert'}>
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Notice>
  );
}
