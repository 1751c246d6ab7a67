import { type FormEvent, useState } from 'react';
import { refusalMessage } from '../../../shared/errorMessage';
import { sendTopicRatings } from '../../../shared/api/send-topic-ratings';
import { FollowUpCheckField } from '../../forms/FollowUpCheckField';
import { fieldsOf, followUpOf } from '../../forms/formValues';
import { useFollowUpCheck } from '../../forms/useFollowUpCheck';
import { useT } from '../../runtime/useT';
import { Button, Stack, Text } from '../../ui/primitives';
import { Notice } from '../../ui/states';

/**
 * "Did it work?" after a form posted before its page's script ran: that form had no questions to
 * show, so the sent page asks them now and adds the ratings to what was sent, by its private link's
 * token (docs/decisions/follow-up-checks.md). Nothing shows when nothing is asked.
 */
export function LateRatings({ editToken, courseId, sessionId }: { editToken: string; courseId: string; sessionId: string }) {
  const { t } = useT();
  const check = useFollowUpCheck(courseId, sessionId);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<string>();
  if (!check) return null;
  if (state === 'sent') {
    return (
      <Notice tone="success" role="status">
        <Text>{t('Your ratings were sent. Thank you!')}</Text>
      </Notice>
    );
  }

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { followUpNoteId, ...ratings } = followUpOf(fieldsOf(event.currentTarget));
    if (!followUpNoteId) {
      setProblem(t('Choose a rating first.'));
      return;
    }
    setProblem(undefined);
    setState('sending');
    try {
      await sendTopicRatings({ editToken, ratings: { followUpNoteId, ...ratings } });
      setState('sent');
    } catch (error) {
      setState('idle');
      setProblem(refusalMessage(error, t('Your ratings could not be sent. Please try again.')));
    }
  };

  return (
    <form onSubmit={send} noValidate aria-label={t('One more question')}>
      <Stack gap="3">
        <FollowUpCheckField check={check} error={problem} disabled={state === 'sending'} />
        <Button type="submit" alignSelf="flex-start" loading={state === 'sending'}>
          {t('Send My Ratings')}
        </Button>
      </Stack>
    </form>
  );
}
