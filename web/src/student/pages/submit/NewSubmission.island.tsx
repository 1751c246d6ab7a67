import { useEffect, useState } from 'react';
import { msg } from '../../../i18n/msg';
import { TODAY_SESSION } from '../../../lib/today';
import { getCourses } from '../../../shared/api/get-courses';
import { useSendSubmission } from '../../../shared/api/send-submission';
import { refusalMessage } from '../../../shared/errorMessage';
import { feedbackAddress } from '../../../shared/feedbackAddress';
import { pendingFor } from '../../../shared/pendingSubmissions';
import { type RememberedFeedback, rememberSentFeedback } from '../../../shared/rememberedFeedback';
import { QuickForm } from '../../forms/QuickForm';
import { HydrationSlice } from '../../runtime/HydrationSlice';
import { type FormDefaults, asDefaults } from '../../forms/formValues';
import { typedAgain } from '../../forms/typedAgain';
import { useAddress } from '../../runtime/address';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { PrivateLink } from '../../ui/PrivateLink';
import { SavedOnDevice } from '../../ui/SavedOnDevice';
import { Stack } from '../../ui/primitives';
import { notify } from '../../ui/toaster';

const SUBMIT_FAILED = {
  type: 'error',
  title: msg('Submission Failed'),
  description: msg('Please try again. If the problem persists, contact support.'),
} as const;

/**
 * A new Variant A submission: the form (the browser posts it until this island runs), kept on the
 * phone when the network fails, then the private link and an empty form for the next one. Without
 * `?sessionId=` it goes to the course's class day, which the server reckons in the course's own time
 * zone (`TODAY_SESSION`): never the phone's date.
 */
export default function NewSubmission() {
  const { t } = useT();
  const address = useAddress();
  const { courseId, sessionId: sessionParam } = address ? feedbackAddress(address.params) : { courseId: '', sessionId: '' };
  const page = address && `submit|${courseId}|${sessionParam}`;
  const [sent, setSent] = useState<RememberedFeedback | null>(null);
  const [fresh, setFresh] = useState<{ version: number; defaults: FormDefaults }>({ version: 0, defaults: {} });
  const courses = useRead('courses', getCourses);

  // The address's course is chosen once the list is there. What an earlier visit left (a submission
  // saved on the phone, text a refused post brought back) fills the form anew; else what was typed
  // before the island ran stays.
  useEffect(() => {
    if (!page) return;
    const resumed = pendingFor(page)?.body ?? typedAgain();
    setFresh(({ version }) =>
      resumed ? { version: version + 1, defaults: { courseId, ...asDefaults(resumed) } } : { version, defaults: { courseId } },
    );
  }, [page, courseId]);

  const create = useSendSubmission(page, {
    onSuccess: (created, body) => {
      // "Remember on this device" is on by default: one click on the confirmation takes it back.
      setSent(rememberSentFeedback(created.editToken, String(body.courseId), String(body.confusion), courses.data));
      // Emptied for the next one, the address's course chosen again (also after a send from the phone's copy).
      setFresh(({ version }) => ({ version: version + 1, defaults: { courseId } }));
      notify({
        type: 'success',
        title: msg('Submission Sent!'),
        description: msg('Thank you for your feedback. Your submission has been sent anonymously.'),
      });
    },
    onError: (error) => notify({ ...SUBMIT_FAILED, description: refusalMessage(error, SUBMIT_FAILED.description) }),
  });

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
      <HydrationSlice>
        <QuickForm
          // Drawn anew after each send: the button goes with it, and focus to the private link.
          key={sent?.token}
          defaults={fresh.defaults}
          version={fresh.version}
          sessionId={sessionParam || TODAY_SESSION}
          courses={courses}
          pending={create.isPending}
          submitLabel={t('Submit Feedback')}
          pendingLabel={t('Submitting...')}
          postsWithoutScript
          followUpSessionId={address ? sessionParam : undefined}
          onSubmit={(values) => void create.send(values)}
          onLoadFailure={() => notify(SUBMIT_FAILED)}
        />
      </HydrationSlice>
    </Stack>
  );
}
