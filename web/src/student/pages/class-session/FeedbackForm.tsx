import { useEffect, useState } from 'react';
import { msg } from '../../../i18n/msg';
import { isNotFound } from '../../../lib/errors';
import type { Course } from '../../../shared/api/get-course';
import { getCourses } from '../../../shared/api/get-courses';
import { type OwnSubmission, getOwnSubmission } from '../../../shared/api/get-own-submission';
import { useSendSubmission } from '../../../shared/api/send-submission';
import { refusalMessage } from '../../../shared/errorMessage';
import { pendingFor } from '../../../shared/pendingSubmissions';
import { firstWords, rememberSentFeedback } from '../../../shared/rememberedFeedback';
import { type StoredFeedback, readStoredFeedback, storageKey, writeStoredFeedback } from '../../../shared/storedFeedback';
import { EMPTY_SESSION_CONTENT, SessionForm } from '../../forms/SessionForm';
import { type FormDefaults, asDefaults } from '../../forms/formValues';
import type { SessionValues } from '../../forms/schemas';
import { useFollowUpCheck } from '../../forms/useFollowUpCheck';
import { useOwnUpdate } from '../../forms/useOwnUpdate';
import { HydrationSlice } from '../../runtime/HydrationSlice';
import { WhenNear } from '../../runtime/WhenNear';
import { typedAgain } from '../../forms/typedAgain';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { PrivateLink } from '../../ui/PrivateLink';
import { ProfessorReply } from '../../ui/ProfessorReply';
import { SavedOnDevice } from '../../ui/SavedOnDevice';
import { LoadFailure, LoadingLine } from '../../ui/states';
import { notify } from '../../ui/toaster';
import { PeerConfusion } from './PeerConfusion';
import type { ClassSessionPlace } from './useClassSessionPlace';

const failure = (description: string) => notify({ type: 'error', title: msg('Error'), description });

/** What the form shows of the student's own Variant B feedback, with its course. */
function contentOf(submission: OwnSubmission | undefined): FormDefaults | undefined {
  if (submission?.kind !== 'session') return undefined;
  const { courseId, mindAfterSession, unclearParts, wentWell, pace, challengeLevel, clarityRating, confidenceLevel } = submission;
  return { courseId, mindAfterSession, unclearParts, wentWell, pace, challengeLevel, clarityRating, confidenceLevel };
}

interface FeedbackFormProps {
  /** The class session, once known: undefined in the page's HTML and while a class link is on its way. */
  place: ClassSessionPlace | undefined;
  /** The address's course, once read: it names the feedback in this device's list. */
  course: Course | undefined;
}

/**
 * Session Feedback's form and what goes with it: a new submission (kept on the phone when the
 * network fails), then edit mode for this class session in this tab (the seed: sessionStorage), the
 * professor's reply, the private link and "What others found unclear".
 */
export function FeedbackForm({ place, course }: FeedbackFormProps) {
  const { t } = useT();
  const courseIdParam = place?.courseId ?? '';
  const sessionId = place?.sessionId ?? '';
  const key = place ? storageKey(courseIdParam, sessionId) : undefined;
  const [stored, setStored] = useState<StoredFeedback | null>(null);
  // Just sent from this page (not a reload): the form makes way while it loads, then focus goes to the private link.
  const [justSent, setJustSent] = useState(false);
  const [fresh, setFresh] = useState<{ version: number; defaults: FormDefaults }>({ version: 0, defaults: EMPTY_SESSION_CONTENT });
  // Sent while a class link was still on its way: sent once the page knows its class session.
  const [waiting, setWaiting] = useState<SessionValues | null>(null);

  // This class session's feedback sent from this tab (edit mode), else what an earlier visit left: a
  // submission saved on the phone, or text a refused post brought back.
  useEffect(() => {
    if (!key) return;
    const found = readStoredFeedback(key);
    setStored(found);
    const body = found ? undefined : (pendingFor(`class-session|${key}`)?.body ?? typedAgain());
    if (body) setFresh(({ version }) => ({ version: version + 1, defaults: { ...EMPTY_SESSION_CONTENT, ...asDefaults(body) } }));
  }, [key]);

  // Every course is offered only without one in the address; the address's course is read by the page.
  const courses = useRead('courses', getCourses, { enabled: Boolean(place) && !courseIdParam });
  // Reload: prefill from the server with the stored edit token. Only a token the server refuses
  // (404) returns to create mode; any other failure keeps it and offers a retry, so a network blip
  // never leads the student to submit the same feedback twice.
  const own = useRead(`own:${stored?.editToken ?? ''}`, () => getOwnSubmission(stored?.editToken ?? ''), { enabled: Boolean(stored) });
  const tokenRefused = own.status === 'error' && isNotFound(own.error);
  useEffect(() => {
    if (tokenRefused && key) {
      writeStoredFeedback(key, null);
      setStored(null);
    }
  }, [tokenRefused, key]);
  const editing = stored !== null && !tokenRefused;
  const loaded = editing ? contentOf(own.data) : undefined;
  // The class session has ended: the feedback is shown read-only (the server refuses edits and new
  // submissions alike, so neither Update Feedback nor Start Fresh can do anything useful).
  const ended = editing && own.data?.open === false;

  const create = useSendSubmission(key && `class-session|${key}`, {
    onSuccess: (created, body) => {
      const value = { id: created.id, editToken: created.editToken };
      if (key) writeStoredFeedback(key, value);
      setStored(value);
      setJustSent(true);
      rememberSentFeedback(created.editToken, String(body.courseId), String(body.unclearParts), course ? [course] : courses.data);
      notify({
        type: 'success',
        title: msg('Submitted!'),
        description: msg('Your feedback has been submitted! You can edit it anytime while you stay on this page.'),
      });
    },
    onError: (error) => failure(refusalMessage(error, t('Failed to submit feedback'))),
  });

  const { update, updating } = useOwnUpdate(own.set);
  // "Did it help?" for the address's course, read here: a question to rate needs the form live.
  const followUpSessionId = editing || !place ? undefined : sessionId;
  const addressCheck = useFollowUpCheck(courseIdParam, followUpSessionId);

  const submit = (values: SessionValues) => {
    if (!place) return setWaiting(values);
    if (!sessionId) return failure(t('Session ID is required for submission'));
    if (editing) {
      if (!stored?.editToken) return failure(t('No submission ID for update'));
      const { courseId: _courseId, ...content } = values;
      update(stored.editToken, content);
    } else {
      void create.send({ ...values, sessionId });
    }
  };

  useEffect(() => {
    if (!place || !waiting) return;
    setWaiting(null);
    submit({ ...waiting, courseId: place.courseId });
    // Sent once, as the class session becomes known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place, waiting]);

  function startFresh() {
    if (key) writeStoredFeedback(key, null);
    setStored(null);
    setFresh(({ version }) => ({ version: version + 1, defaults: { ...EMPTY_SESSION_CONTENT, courseId: courseIdParam } }));
  }

  if (stored && own.status === 'pending') return <LoadingLine text={t('Loading your feedback...')} />;
  // A failed first read (a failed later read keeps the data it had, and the form).
  if (stored && own.status === 'error' && !own.data && !tokenRefused) {
    return <LoadFailure what={t('your feedback')} onRetry={own.refetch} retrying={own.fetching} />;
  }

  const lockedCourse = editing && own.data ? own.data.courseId : undefined;
  // The form is the page's HTML until its first use (first-paint.md, "A form hydrated on first
  // use"), or until the page finds it must be live: no course in the address (its dropdown),
  // feedback kept on this phone, text a refused post brought back, a send waiting for a class link,
  // or a check question to rate.
  const mustBeLive =
    (place !== undefined && !courseIdParam) || fresh.version > 0 || create.saved !== undefined || waiting !== null || addressCheck !== null;
  return (
    <>
      {editing && <ProfessorReply reply={own.data?.reply} />}
      {editing && stored && own.data && (
        <PrivateLink
          key={stored.editToken}
          focusOnMount={justSent}
          editToken={stored.editToken}
          courseId={own.data.courseId}
          excerpt={loaded ? firstWords(String(loaded.unclearParts)) : ''}
          sentAt={own.data.createdAt}
          submission={own.data}
        />
      )}
      {create.saved && <SavedOnDevice />}
      {/* The page's HTML until its first use, unless it must be live now (above). */}
      <HydrationSlice onFirstUse={{ now: mustBeLive }}>
        <SessionForm
          defaults={loaded ?? fresh.defaults}
          version={loaded && stored ? `edit:${stored.editToken}` : `new:${fresh.version}`}
          // The page's HTML is made for a class QR code's address, which names the course.
          course={
            !place ? 'unknown' : courseIdParam ? { fromAddress: courseIdParam } : lockedCourse ? { lockedCourseId: lockedCourse } : 'select'
          }
          courses={courses}
          editing={editing}
          ended={ended}
          pending={create.isPending || updating || waiting !== null}
          onSubmit={submit}
          onStartFresh={startFresh}
          postsWithoutScript={!editing}
          followUpSessionId={followUpSessionId}
          followUpCheck={courseIdParam ? addressCheck : undefined}
          onLoadFailure={() => failure(editing ? t('Failed to update feedback') : t('Failed to submit feedback'))}
        />
      </HydrationSlice>
      {courseIdParam && sessionId && !ended && (
        // Far below the form: read and drawn as the student nears it (first-paint.md).
        <WhenNear>
          <PeerConfusion courseId={courseIdParam} sessionId={sessionId} editToken={stored?.editToken} />
        </WhenNear>
      )}
    </>
  );
}
