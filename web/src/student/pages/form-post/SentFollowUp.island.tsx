import { useEffect, useState } from 'react';
import { getCourse } from '../../../shared/api/get-course';
import { type OwnSubmission, getOwnSubmission } from '../../../shared/api/get-own-submission';
import { firstWords, rememberSentFeedback } from '../../../shared/rememberedFeedback';
import { storageKey, writeStoredFeedback } from '../../../shared/storedFeedback';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { PrivateLink } from '../../ui/PrivateLink';
import { LateRatings } from './LateRatings';
import { LinkButton } from '../../ui/primitives';
import { type FormPage, type FormPostOutcome, formAddress, pageOutcome } from './outcome';
import { SENT_TOKEN_ONLY } from './sentMarks';

const textOf = (submission: OwnSubmission) => (submission.kind === 'quick' ? submission.confusion : submission.unclearParts);

/**
 * What a sent post's page adds to its outcome: the way back to the form, then the private link of
 * what was sent (its token came in the fragment), remembered on this device as after a send from
 * the form, and on Session Feedback kept for the form to show, editable, while the session is open.
 * In the page's HTML (and the render that hydrates it) the way back leads to the form alone and the
 * card is drawn without its link, shown only where the head script found a token in the address
 * (sentMarks.ts): the card is the page's largest text, and it is there at the first paint.
 */
export default function SentFollowUp({ form }: { form: FormPage }) {
  const { t } = useT();
  const [outcome, setOutcome] = useState<FormPostOutcome>();
  const [href, setHref] = useState<string>();
  useEffect(() => {
    setOutcome(pageOutcome());
    setHref(formAddress(form));
  }, [form]);
  const editToken = outcome?.editToken;
  const own = useRead(`own:${editToken}`, () => getOwnSubmission(editToken ?? ''), { enabled: Boolean(editToken) });
  const courseId = own.data?.courseId ?? '';
  const course = useRead(`course:${courseId}`, () => getCourse(courseId), { enabled: Boolean(courseId) });

  useEffect(() => {
    if (!editToken || !own.data || course.status === 'pending') return;
    rememberSentFeedback(editToken, own.data.courseId, textOf(own.data), course.data ? [course.data] : undefined);
    if (form === 'class-session') {
      const search = new URLSearchParams(window.location.search);
      const key = storageKey(search.get('courseId')?.trim() ?? '', search.get('sessionId')?.trim() ?? '');
      writeStoredFeedback(key, { id: own.data.id, editToken });
    }
  }, [editToken, own.data, course.status, course.data, form]);

  const courseOfAddress = outcome ? (new URLSearchParams(window.location.search).get('courseId')?.trim() ?? '') : '';
  return (
    <>
      {/* Before the private link, which comes with data: a card that arrives pushes nothing down. */}
      <LinkButton href={href ?? `/${form}`} variant="outline" alignSelf="flex-start">
        {form === 'submit' ? t('Send More Feedback') : t('Back to the Form')}
      </LinkButton>
      {/* The card is the token's: in the HTML (the page's largest text), what the read says added when it comes. */}
      {(!outcome || editToken) && (
        <div {...{ [SENT_TOKEN_ONLY]: '' }}>
          <PrivateLink
            editToken={editToken ?? ''}
            courseId={own.data?.courseId ?? courseOfAddress}
            excerpt={own.data ? firstWords(textOf(own.data)) : ''}
            sentAt={own.data?.createdAt ?? ''}
            submission={own.data ?? null}
          />
        </div>
      )}
      {/* The form was posted before its script ran, so it asked nothing: the questions come now. */}
      {editToken && own.data?.open && <LateRatings editToken={editToken} courseId={own.data.courseId} sessionId={own.data.sessionId} />}
    </>
  );
}
