import { Box, Button, Card, Container, Field, Flex, HStack, Heading, NativeSelect, Spinner, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { useSendSubmission } from '../../shared/api/send-submission';
import { type Course, useCourse } from '../../shared/api/get-course';
import { useCourseNotes } from '../../shared/api/get-course-notes';
import { type OwnSubmission, ownSubmissionQueryOptions } from '../../shared/api/get-own-submission';
import { useUpdateOwnSubmission } from '../../shared/api/update-own-submission';
import { useHydrated } from '../../shared/useHydrated';
import { pendingFor } from '../../shared/pendingSubmissions';
import { feedbackAddress } from '../../shared/feedbackAddress';
import { localDateString, prepareDateFormats } from '../../shared/dates';
import { refusalMessage } from '../../shared/errorMessage';
import { CHALLENGE_LABELS, PACE_LABELS } from '../../shared/labels';
import type { SessionFormInput, SessionFormOutput } from '../../shared/formTypes';
import { lazyResolver } from '../../shared/lazyResolver';
import { ERROR_COLOR } from '../../shared/ui/colors';
import { CourseName, CourseSelect } from '../../shared/ui/CourseSelect';
import { LinkButton } from '../../shared/ui/LinkButton';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Notice } from '../../shared/ui/Notice';
import { ProfessorNotes } from '../../shared/ui/ProfessorNotes';
import { ProfessorReply } from '../../shared/ui/ProfessorReply';
import { SavedOnDevice } from '../../shared/ui/SavedOnDevice';
import { notify } from '../../shared/notify';
import { type ClassSession, useClassSession } from './api/get-class-session';
import { sessionNote } from './sessionNote';
import { type StoredFeedback, readStoredFeedback, storageKey, writeStoredFeedback } from './storedFeedback';
import { useTranslation } from 'react-i18next';

// The session's date and time: their formatters are built as the page starts, not inside a render.
prepareDateFormats();

// The form holds the course and the content; the session comes from the address (docs/product.md, Screen texts).
type FormInput = SessionFormInput;
type FormOutput = SessionFormOutput;

const validation = lazyResolver(() => import('../../shared/formResolvers').then((m) => m.sessionResolver));
const PACES = Object.keys(PACE_LABELS) as (keyof typeof PACE_LABELS)[];
const CHALLENGE_LEVELS = Object.keys(CHALLENGE_LABELS) as (keyof typeof CHALLENGE_LABELS)[];

const emptyContent = {
  mindAfterSession: '',
  unclearParts: '',
  wentWell: '',
  pace: '',
  challengeLevel: '',
  clarityRating: 4,
  confidenceLevel: 50,
} as unknown as Omit<FormInput, 'courseId'>;

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
          {t('Your feedback is anonymous. We never ask for your name, student ID or any personal data, and nothing you send is linked to you.')}
        </Notice>

        <ProfessorNotes notes={sessionNotes} showDates={false} />

        {courseIdParam && course.isError ? (
          // Only a 404 means the course is gone; a network or server failure is worth a retry.
          isNotFound(course.error) ? (
            <Stack gap="3" align="flex-start">
              <Heading as="h2" size="lg">
                {t('Course Not Found')}
              </Heading>
              <Text color="fg.muted">{t('The course you\'re looking for doesn\'t exist or may have been removed.')}</Text>
              <LinkButton asChild variant="outline">
                <RouterLink to="/course-search">{t('Search for Another Course')}</RouterLink>
              </LinkButton>
            </Stack>
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
      <HStack role="status" gap="2" color="fg.muted">
        <Spinner size="xs" />
        <Text fontSize="lg">{t('Loading course details...')}</Text>
      </HStack>
    );
  }
  if (!query.data) return null;
  return (
    <Text fontSize="lg">
      <Text as="span" fontWeight="bold">
        {query.data.code}
      </Text>{' '}
      {query.data.name}
    </Text>
  );
}

function SessionNote({ sessionId, session }: { sessionId: string; session: ClassSession | undefined }) {
  // The prerendered page cannot know the link's session: an empty line holds the note's place until
  // the app runs, and while a session's date loads, so the form below it never jumps.
  const hydrated = useHydrated();
  const note = hydrated ? sessionNote(sessionId, session) : null;
  const pending = !hydrated || (isUuid(sessionId) && !session);
  if (note === null && !pending) return null;
  return (
    <Text color="fg.muted" data-testid={note === null ? undefined : 'session-note'} aria-hidden={note === null || undefined}>
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
  const [stored, setStored] = useState<StoredFeedback | null>(() => readStoredFeedback(key));
  const editing = stored !== null;
  const defaultValues = useMemo(() => ({ courseId: courseIdParam, ...emptyContent }) as FormInput, [courseIdParam]);

  // A submission saved on this device by an earlier visit (bad Wi-Fi) is shown in the form until it is sent.
  const [resumed] = useState(() => {
    const body = pendingFor(`class-session|${key}`)?.body;
    return body ? ({ ...body, sessionId: undefined } as unknown as FormInput) : undefined;
  });
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: validation.resolver, defaultValues: resumed ?? defaultValues });
  useEffect(() => validation.preloadWhenIdle(), []);
  const { register, handleSubmit, reset, watch, formState } = form;
  const { errors } = formState;

  // Reload: prefill from the server with the stored edit token. Only a token the server refuses
  // (404) returns to create mode; any other failure keeps it and offers a retry, so a network blip
  // never leads the student to submit the same feedback twice.
  const own = useQuery({ ...ownSubmissionQueryOptions(stored?.editToken ?? ''), enabled: Boolean(stored) });
  const tokenRefused = own.isError && isNotFound(own.error);
  useEffect(() => {
    if (own.data) {
      const content = contentOf(own.data);
      if (content) reset({ courseId: own.data.courseId, ...content });
    }
  }, [own.data, reset]);
  useEffect(() => {
    if (tokenRefused) {
      writeStoredFeedback(key, null);
      setStored(null);
    }
  }, [tokenRefused, key]);
  // The class session has ended: the feedback is shown read-only (the server refuses edits and new
  // submissions alike, so neither Update Feedback nor Start Fresh can do anything useful).
  const ended = editing && own.data?.open === false;

  const create = useSendSubmission(`class-session|${key}`, {
    mutationConfig: {
      onSuccess: (created) => {
        const value = { id: created.id, editToken: created.editToken };
        writeStoredFeedback(key, value);
        setStored(value);
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

  const submit = handleSubmit((values) => {
    if (ended) return;
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
  });

  function startFresh() {
    writeStoredFeedback(key, null);
    setStored(null);
    update.reset();
    reset(defaultValues);
  }

  const pending = create.isPending || update.isPending;
  const clarity = Number(watch('clarityRating'));
  const confidence = Number(watch('confidenceLevel'));

  if (stored && own.isPending) {
    return (
      <HStack role="status" gap="3">
        <Spinner size="sm" />
        <Text>{t('Loading your feedback...')}</Text>
      </HStack>
    );
  }
  // A failed first read (a failed background refetch keeps the data it had and the form).
  if (stored && own.isError && !own.data && !tokenRefused) {
    return <LoadFailure what={t('your feedback')} onRetry={() => void own.refetch()} retrying={own.isFetching} />;
  }

  return (
    <>
    {editing && <ProfessorReply reply={own.data?.reply} />}
    {create.saved && <SavedOnDevice />}
    <Card.Root variant="outline">
      <Card.Body>
        <Stack asChild gap="5">
          <form onSubmit={(event) => submit(event).catch(() => notify({ type: 'error', title: t('Error'), description: editing ? t('Failed to update feedback') : t('Failed to submit feedback') }))} noValidate aria-label={t('Session feedback')}>
          {ended ? (
            <Notice tone="warning" role="status">
              {t('This class session has ended; feedback can no longer be edited.')}
            </Notice>
          ) : (
            editing && (
              <Notice tone="success">
                {t('You\'re editing the feedback you sent for this session. Change anything and choose Update Feedback.')}
              </Notice>
            )
          )}

          {!courseIdParam &&
            (editing && own.data ? (
              <CourseName courseId={own.data.courseId} />
            ) : (
              <CourseSelect {...register('courseId')} error={errors.courseId?.message} />
            ))}

          <TextField label={t('What\'s on your mind after this session?')} error={errors.mindAfterSession} readOnly={ended}>
            <Textarea {...register('mindAfterSession')} rows={3} />
          </TextField>
          <TextField label={t('What parts were unclear?')} error={errors.unclearParts} readOnly={ended}>
            <Textarea {...register('unclearParts')} rows={3} />
          </TextField>
          <TextField label={t('What went well?')} error={errors.wentWell} readOnly={ended}>
            <Textarea {...register('wentWell')} rows={3} />
          </TextField>

          <Stack direction={{ base: 'column', md: 'row' }} gap="5">
            <TextField label={t('How was the pace?')} error={errors.pace} disabled={ended}>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('pace')}>
                  <option value="">{t('Select the pace')}</option>
                  {PACES.map((pace) => (
                    <option key={pace} value={pace}>
                      {t(PACE_LABELS[pace])}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </TextField>
            <TextField label={t('How challenging was it?')} error={errors.challengeLevel} disabled={ended}>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('challengeLevel')}>
                  <option value="">{t('Select the challenge level')}</option>
                  {CHALLENGE_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {t(CHALLENGE_LABELS[level])}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </TextField>
          </Stack>

          <RangeField
            label={t('How clear was this session?')}
            value={t('{{n}} of 7', { n: clarity })}
            min={1}
            max={7}
            step={1}
            minLabel={t('Very unclear')}
            maxLabel={t('Very clear')}
            valueText={t('{{n}} of 7', { n: clarity })}
            error={errors.clarityRating}
            inputProps={{ ...register('clarityRating', { valueAsNumber: true }), disabled: ended }}
          />
          <RangeField
            label={t('How confident do you feel about the material?')}
            value={`${confidence}%`}
            min={0}
            max={100}
            step={5}
            minLabel="0%"
            maxLabel="100%"
            valueText={`${confidence}%`}
            error={errors.confidenceLevel}
            inputProps={{ ...register('confidenceLevel', { valueAsNumber: true }), disabled: ended }}
          />

          <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
            <Button type="button" variant="outline" onClick={startFresh} disabled={pending || ended}>
              {t('Start Fresh')}
            </Button>
            <Button type="submit" colorPalette="blue" disabled={ended} loading={pending} loadingText={editing ? t('Updating...') : t('Submitting...')}>
              {editing ? t('Update Feedback') : t('Submit Anonymous Feedback')}
            </Button>
          </Flex>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
    </>
  );
}

interface TextFieldProps {
  label: string;
  error: FieldError | undefined;
  /** Text stays readable and selectable; selects (which cannot be read-only) are disabled. */
  readOnly?: boolean;
  disabled?: boolean;
  children: React.ReactNode;
}

function TextField({ label, error, readOnly, disabled, children }: TextFieldProps) {
  return (
    <Field.Root required invalid={Boolean(error)} readOnly={readOnly} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {error?.message && <Field.ErrorText color={ERROR_COLOR}>{error.message}</Field.ErrorText>}
    </Field.Root>
  );
}

interface RangeFieldProps {
  label: string;
  value: string;
  valueText: string;
  min: number;
  max: number;
  step: number;
  minLabel: string;
  maxLabel: string;
  error: FieldError | undefined;
  inputProps: React.ComponentProps<'input'>;
}

/** A native range input: keyboard, touch and screen readers work without extra script. */
function RangeField({ label, value, valueText, min, max, step, minLabel, maxLabel, error, inputProps }: RangeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Stack gap="1.5">
      <Flex w="full" justify="space-between" align="baseline" gap="3">
        <chakra.label htmlFor={id} fontWeight="medium" textStyle="sm">
          {label}
        </chakra.label>
        <Text fontWeight="semibold" aria-hidden="true">
          {value}
        </Text>
      </Flex>
      <chakra.input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        aria-valuetext={valueText}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-ends${error ? ` ${id}-error` : ''}`}
        w="full"
        h="6"
        accentColor="blue.600"
        cursor="pointer"
        {...inputProps}
      />
      <Box id={`${id}-ends`} w="full" display="flex" justifyContent="space-between" fontSize="sm" color="fg.muted">
        <span>{minLabel}</span>
        <chakra.span srOnly> {t('to')} </chakra.span>
        <span>{maxLabel}</span>
      </Box>
      {error?.message && (
        <Text id={`${id}-error`} color={ERROR_COLOR} textStyle="xs">
          {error.message}
        </Text>
      )}
    </Stack>
  );
}
