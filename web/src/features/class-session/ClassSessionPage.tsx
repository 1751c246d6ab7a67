import { Container, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { useSendSubmission } from '../../shared/api/send-submission';
import { type Course, useCourse } from '../../shared/api/get-course';
import { useCourseNotes } from '../../shared/api/get-course-notes';
import { type OwnSubmission, ownSubmissionQueryOptions } from '../../shared/api/get-own-submission';
import { useUpdateOwnSubmission } from '../../shared/api/update-own-submission';
import { useHydrated } from '../../shared/useHydrated';
import { LIGHT, useLightPage } from '../../shared/lightPage';
import { pendingFor } from '../../shared/pendingSubmissions';
import { useTypedAgain } from '../../shared/forms/typedAgain';
import { feedbackAddress } from '../../shared/feedbackAddress';
import { localDateString, prepareDateFormats } from '../../shared/dates';
import { refusalMessage } from '../../shared/errorMessage';
import type { SessionFormInput, SessionFormOutput } from '../../shared/formTypes';
import { EMPTY_SESSION_CONTENT, SessionForm } from '../../shared/forms/SessionForm';
import { useCourses } from '../../shared/api/get-courses';
import { firstWords, rememberSentFeedback } from '../../shared/rememberedFeedback';
import { PrivateLink } from '../../shared/ui/PrivateLink';
import { SavedOnDevice } from '../../shared/ui/SavedOnDevice';
import { CourseTitle } from '../../shared/ui/CourseTitle';
import { NotFound } from '../../shared/ui/NotFound';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Notice } from '../../shared/ui/Notice';
import { ProfessorNotes } from '../../shared/ui/ProfessorNotes';
import { ProfessorReply } from '../../shared/ui/ProfessorReply';
import { notify } from '../../shared/notify';
import { type ClassSession, useClassSession } from './api/get-class-session';
import { sessionNote } from './sessionNote';
import { PeerConfusion } from './components/PeerConfusion';
import { type StoredFeedback, readStoredFeedback, storageKey, writeStoredFeedback } from '../../shared/storedFeedback';
import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../shared/ui/LoadingLine';

// The session's date and time: their formatters are built as the page starts, not inside a render.
prepareDateFormats();

// The form holds the course and the content; the session comes from the address (docs/product.md, Screen texts).
type FormInput = SessionFormInput;
type FormOutput = SessionFormOutput;

function contentOf(submission: OwnSubmission): Omit<FormInput, 'courseId'> | null {
  if (submission.kind !== 'session') return null;
  const { mindAfterSession, unclearParts, wentWell, pace, challengeLevel, clarityRating, confidenceLevel } = submission;
  return { mindAfterSession, unclearParts, wentWell, pace, challengeLevel, clarityRating, confidenceLevel } as Omit<FormInput, 'courseId'>;
}

/** The seed's Variant B "Session Feedback" at /class-session?courseId=…&sessionId=…. */
export function ClassSessionPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { courseId: courseIdParam, sessionId } = feedbackAddress(searchParams);
  const key = storageKey(courseIdParam, sessionId);

  const course = useCourse(courseIdParam, { enabled: Boolean(courseIdParam) });
  const session = useClassSession(sessionId);
  const notes = useCourseNotes(courseIdParam, { enabled: Boolean(courseIdParam) && !course.isError });
  const day = isUuid(sessionId) ? session.data?.sessionDate : sessionId || localDateString();
  const sessionNotes = notes.data?.filter((note) => note.sessionId === sessionId || note.sessionDate === day);

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <title>{t('Session Feedback · ClassPulse')}</title>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {t('Session Feedback')}
          </Heading>
          {courseIdParam && <CourseHeading query={course} />}
          <SessionNote sessionId={sessionId} session={isUuid(sessionId) ? session.data : undefined} />
        </Stack>

        <Notice tone="info">
          {t(
            'Your feedback is anonymous. We never ask for your name, student ID or any personal data, and nothing you send is linked to you.',
          )}
        </Notice>

        <ProfessorNotes notes={sessionNotes} showDates={false} />

        {courseIdParam && course.isError ? (
          // Only a 404 means the course is gone; a network or server failure is worth a retry.
          isNotFound(course.error) ? (
            <NotFound
              title={t('Course Not Found')}
              description={t("The course you're looking for doesn't exist or may have been removed.")}
              action={{ to: '/course-search', label: t('Search for Another Course') }}
            />
          ) : (
            <LoadFailure what={t('this course')} onRetry={() => void course.refetch()} retrying={course.isFetching} />
          )
        ) : (
          // Remount per class session so the form never carries one session's draft into another.
          <FeedbackForm key={key} storageKey={key} courseIdParam={courseIdParam} sessionId={sessionId} />
        )}
      </Stack>
    </Container>
  );
}

function CourseHeading({ query }: { query: UseQueryResult<Course> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      // The course line's own size, so the form below does not move when the name replaces it.
      // A light page draws the course here itself (web/src/student/classSession.ts).
      <HStack role="status" gap="2" color="fg.muted" {...{ [LIGHT.courseHeading]: '' }}>
        <Spinner size="xs" />
        <Text fontSize="lg">{t('Loading course details...')}</Text>
      </HStack>
    );
  }
  if (!query.data) return null;
  return <CourseTitle code={query.data.code} name={query.data.name} />;
}

function SessionNote({ sessionId, session }: { sessionId: string; session: ClassSession | undefined }) {
  // The prerendered page cannot know the link's session: an empty line holds the note's place until
  // the app runs, and while a session's date loads, so the form below it never jumps.
  const hydrated = useHydrated();
  const note = hydrated ? sessionNote(sessionId, session) : null;
  const pending = !hydrated || (isUuid(sessionId) && !session);
  if (note === null && !pending) return null;
  return (
    <Text
      color="fg.muted"
      // Two lines on a phone, where the note wraps: the form below stays where it painted.
      minH={{ base: '2lh', md: '1lh' }}
      data-testid={note === null ? undefined : 'session-note'}
      aria-hidden={note === null || undefined}
      {...{ [LIGHT.sessionNote]: '' }}
    >
      {note ?? '\u00a0'}
    </Text>
  );
}

interface FeedbackFormProps {
  storageKey: string;
  courseIdParam: string;
  sessionId: string;
}

function FeedbackForm({ storageKey: key, courseIdParam, sessionId }: FeedbackFormProps) {
  const { t } = useTranslation();
  const light = useLightPage();
  const [stored, setStored] = useState<StoredFeedback | null>(() => readStoredFeedback(key));
  // Just sent from this page (not a reload): the form makes way while it loads, then focus goes to the private link.
  const [justSent, setJustSent] = useState(false);
  const editing = stored !== null;
  const defaultValues = useMemo(() => ({ courseId: courseIdParam, ...EMPTY_SESSION_CONTENT }) as FormInput, [courseIdParam]);
  // Every course is on the list this page loads anyway: the remembered entry names its course.
  const courses = useCourses();

  // Reload: prefill from the server with the stored edit token. Only a token the server refuses
  // (404) returns to create mode; any other failure keeps it and offers a retry, so a network blip
  // never leads the student to submit the same feedback twice.
  const own = useQuery({ ...ownSubmissionQueryOptions(stored?.editToken ?? ''), enabled: Boolean(stored) });
  const tokenRefused = own.isError && isNotFound(own.error);
  const loaded = useMemo(() => {
    const content = own.data ? contentOf(own.data) : null;
    return own.data && content ? ({ courseId: own.data.courseId, ...content } as FormInput) : undefined;
  }, [own.data]);
  useEffect(() => {
    if (tokenRefused) {
      writeStoredFeedback(key, null);
      setStored(null);
    }
  }, [tokenRefused, key]);
  // The class session has ended: the feedback is shown read-only (the server refuses edits and new
  // submissions alike, so neither Update Feedback nor Start Fresh can do anything useful).
  const ended = editing && own.data?.open === false;
  // A submission saved on this device by an earlier visit (bad Wi-Fi) is shown in the form until it is sent.
  const typedAgain = useTypedAgain();
  const [resumed] = useState(() => {
    const body = pendingFor(`class-session|${key}`)?.body ?? typedAgain;
    return body ? ({ ...body, sessionId: undefined } as unknown as FormInput) : undefined;
  });

  const create = useSendSubmission(`class-session|${key}`, {
    mutationConfig: {
      onSuccess: (created, values) => {
        const value = { id: created.id, editToken: created.editToken };
        writeStoredFeedback(key, value);
        setStored(value);
        setJustSent(true);
        rememberSentFeedback(created.editToken, String(values.courseId), String(values.unclearParts), courses.data);
        notify({
          type: 'success',
          title: t('Submitted!'),
          description: t('Your feedback has been submitted! You can edit it anytime while you stay on this page.'),
        });
      },
      onError: (error) => {
        notify({ type: 'error', title: t('Error'), description: refusalMessage(error, t('Failed to submit feedback')) });
      },
    },
  });

  const update = useUpdateOwnSubmission();

  const submit = (values: FormOutput) => {
    if (!sessionId) {
      notify({ type: 'error', title: t('Error'), description: t('Session ID is required for submission') });
      return;
    }
    if (editing) {
      if (!stored?.editToken) {
        notify({ type: 'error', title: t('Error'), description: t('No submission ID for update') });
        return;
      }
      const { courseId: _courseId, ...content } = values;
      update.mutate({ editToken: stored.editToken, content });
    } else {
      void create.send({ ...values, sessionId });
    }
  };

  function startFresh() {
    writeStoredFeedback(key, null);
    setStored(null);
    update.reset();
  }

  if (stored && own.isPending) {
    return <LoadingLine text={t('Loading your feedback...')} />;
  }
  // A failed first read (a failed background refetch keeps the data it had and the form).
  if (stored && own.isError && !own.data && !tokenRefused) {
    return <LoadFailure what={t('your feedback')} onRetry={() => void own.refetch()} retrying={own.isFetching} />;
  }

  return (
    <>
      {editing && <ProfessorReply reply={own.data?.reply} />}
      {stored && own.data && (
        <PrivateLink
          focusOnMount={justSent}
          editToken={stored.editToken}
          courseId={own.data.courseId}
          excerpt={loaded ? firstWords(String(loaded.unclearParts)) : ''}
          sentAt={own.data.createdAt}
        />
      )}
      {create.saved && <SavedOnDevice />}
      <SessionForm
        defaultValues={defaultValues}
        loaded={loaded ?? resumed}
        course={courseIdParam ? 'none' : editing && own.data ? { lockedCourseId: own.data.courseId } : 'select'}
        editing={editing}
        ended={ended}
        pending={create.isPending || update.isPending}
        onSubmit={submit}
        onStartFresh={startFresh}
        postsWithoutScript={!editing}
        followUpSessionId={editing ? undefined : sessionId}
        onLoadFailure={() =>
          notify({
            type: 'error',
            title: t('Error'),
            description: editing ? t('Failed to update feedback') : t('Failed to submit feedback'),
          })
        }
      />
      {courseIdParam && sessionId && !ended && (
        <PeerConfusion courseId={courseIdParam} sessionId={sessionId} editToken={stored?.editToken} />
      )}
      {/* Where a light page draws "What others found unclear" itself. */}
      {light && <div hidden {...{ [LIGHT.peerConfusion]: '' }} />}
    </>
  );
}
