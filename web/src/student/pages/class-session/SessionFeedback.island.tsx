import { isNotFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { getClassSession } from '../../../shared/api/get-class-session';
import { getCourse } from '../../../shared/api/get-course';
import { getCourseClassDay } from '../../../shared/api/get-course-class-day';
import { getCourseNotes } from '../../../shared/api/get-course-notes';
import { notesOfSession } from '../../../lib/sessionNotes';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { SessionNotes } from '../../ui/ProfessorNotes';
import { HStack, Heading, Spinner, Stack, Text } from '../../ui/primitives';
import { CourseTitle, LoadFailure, NotFound, Notice } from '../../ui/states';
import { FeedbackForm } from './FeedbackForm';
import { sessionNote } from './sessionNote';
import { useClassSessionPlace } from './useClassSessionPlace';

export interface SessionFeedbackProps {
  /** A class link (`/class/{token}`): its class session comes from its token, resolved here. */
  classLink: boolean;
}

/**
 * The seed's Variant B "Session Feedback" (docs/decisions/student-screens.md): the form is usable
 * from the page's HTML (the browser posts it until this runs); then the course, the session's note,
 * the professor's notes on it and "Did it help?" come from the address's course and class session.
 */
export default function SessionFeedback({ classLink }: SessionFeedbackProps) {
  const { t } = useT();
  const place = useClassSessionPlace(classLink);
  const known = place.status === 'known' ? place : undefined;
  const courseId = known?.courseId ?? '';
  const sessionId = known?.sessionId ?? '';

  const course = useRead(`course:${courseId}`, () => getCourse(courseId), { enabled: Boolean(courseId) });
  const session = useRead(`session:${sessionId}`, () => getClassSession(sessionId), { enabled: isUuid(sessionId) });
  const notes = useRead(`notes:${courseId}`, () => getCourseNotes(courseId), { enabled: Boolean(courseId) });
  // Without a session in the address, today is the course's class day, never the phone's date.
  const classDay = useRead(`class-day:${courseId}`, () => getCourseClassDay(courseId), {
    enabled: Boolean(courseId) && known !== undefined && !sessionId,
  });
  const day = isUuid(sessionId) ? session.data?.sessionDate : sessionId || (classDay.data ?? undefined);
  const sessionNotes = notes.data && notesOfSession(notes.data, sessionId, day);
  const courseFailed = course.status === 'error';

  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          {t('Session Feedback')}
        </Heading>
        {place.status === 'failed' ? (
          <LoadFailure what={t('this class link')} onRetry={place.retry} retrying={place.retrying} />
        ) : place.status === 'unknown' ? (
          <CourseLoading text={classLink ? t('Validating session link...') : t('Loading course details...')} />
        ) : (
          courseId &&
          (course.status === 'pending' ? (
            <CourseLoading text={t('Loading course details...')} />
          ) : (
            course.data && <CourseTitle code={course.data.code} name={course.data.name} />
          ))
        )}
        <SessionNote
          sessionId={known ? sessionId : undefined}
          sessionRead={isUuid(sessionId) && session.status !== 'success'}
          note={known ? sessionNote(t, sessionId, session.data) : null}
        />
      </Stack>

      <Notice tone="info">
        {t(
          'Your feedback is anonymous. We never ask for your name, student ID or any personal data, and nothing you send is linked to you.',
        )}
      </Notice>

      {!courseFailed && <SessionNotes notes={sessionNotes} />}

      {courseFailed &&
        // Only a 404 means the course is gone; a network or server failure is worth a retry.
        (isNotFound(course.error) ? (
          <NotFound
            title={t('Course Not Found')}
            description={t("The course you're looking for doesn't exist or may have been removed.")}
            action={{ href: '/course-search', label: t('Search for Another Course') }}
          />
        ) : (
          <LoadFailure what={t('this course')} onRetry={course.refetch} retrying={course.fetching} />
        ))}
      {/* Hidden, not dropped, while the course cannot be read: what was typed is still there after "Try again". */}
      <div style={{ display: courseFailed ? 'none' : 'contents' }}>
        <FeedbackForm place={known} course={course.data} />
      </div>
    </Stack>
  );
}

/** Where the course line goes, while it is not known: its own size, so the form below does not move when it comes. */
function CourseLoading({ text }: { text: string }) {
  return (
    <HStack role="status" gap="2" color="fg.muted">
      <Spinner size="xs" />
      <Text fontSize="lg">{text}</Text>
    </HStack>
  );
}

interface SessionNoteProps {
  /** Undefined while the page's class session is not known. */
  sessionId: string | undefined;
  /** The class session's date and expiry are on their way. */
  sessionRead: boolean;
  note: string | null;
}

/**
 * The session's date and when its link ends. Until the class session is known, and while its date
 * loads, an empty line holds the note's place, so the form below never jumps.
 */
function SessionNote({ sessionId, sessionRead, note }: SessionNoteProps) {
  const pending = sessionId === undefined || sessionRead;
  if (note === null && !pending) return null;
  return (
    <Text
      color="fg.muted"
      // Two lines on a phone, where the note wraps: the form below stays where it painted.
      minH={{ base: '2lh', md: '1lh' }}
      data-testid={note === null ? undefined : 'session-note'}
      aria-hidden={note === null || undefined}
    >
      {note ?? '\u00a0'}
    </Text>
  );
}
