import { useState } from 'react';
import { type PushSupport, pushSupport } from '../../shared/pushSupport';
import { refusalMessage } from '../../shared/errorMessage';
import { useMounted } from '../runtime/useMounted';
import { useT } from '../runtime/useT';
import { Checkbox } from './Checkbox';
import { Stack, Text } from './primitives';

export interface NotifyOnReplyProps {
  submissionId: string;
  editToken: string;
  courseCode: string;
  /** What the server says of this submission: notifications on, and whether the professor replied (undefined while unknown). */
  notify: boolean | undefined;
  replied: boolean;
}

/**
 * "Notify me if my professor replies": one push notification for the first reply, saying only
 * "Your professor replied" and the course code, that opens the private link. Where this browser has
 * no Push API or notifications are blocked, one line says so (the private link still works); a sent
 * page's HTML offers the choice, which that line replaces there once the page runs.
 */
export function NotifyOnReply({ submissionId, editToken, courseCode, notify, replied }: NotifyOnReplyProps) {
  const { t } = useT();
  const mounted = useMounted();
  const [blocked, setBlocked] = useState<Exclude<PushSupport, 'supported'>>();
  const [chosen, setChosen] = useState<boolean>();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  // What this browser allows is known once the page runs. A card drawn before its token is known (a
  // sent page's HTML, and the render that hydrates it) offers meanwhile the choice most browsers
  // have; any other card shows this part only then.
  if (!mounted && editToken) return null;
  const support = mounted ? (blocked ?? pushSupport()) : 'supported';
  // Once there is a reply it is on the private link's page: nothing left to wait for.
  if (support === 'supported' && replied) return null;

  const change = async (on: boolean) => {
    setProblem(undefined);
    setPending(true);
    setChosen(on);
    // The push code (and the schema it checks a subscription with) loads at the first change.
    const push = await import('../../shared/api/reply-push');
    const ref = { submissionId, editToken };
    try {
      const answer = await (on ? push.turnOnReplyNotifications(ref) : push.turnOffReplyNotifications(ref));
      setChosen(answer.notify);
    } catch (error) {
      setChosen(undefined);
      if (error instanceof push.PushUnavailableError) setBlocked(error.reason);
      else setProblem(refusalMessage(error, t('Notifications could not be changed. Please try again.')));
    } finally {
      setPending(false);
    }
  };

  if (support === 'unsupported') {
    return (
      <Text data-testid="notify-unavailable" fontSize="sm" color="fg.muted">
        {t('This browser cannot notify you of a reply: keep your private link to read it.')}
      </Text>
    );
  }
  if (support === 'denied') {
    return (
      <Text data-testid="notify-unavailable" fontSize="sm" color="fg.muted">
        {t('Notifications are blocked for this site in your browser: keep your private link to read the reply.')}
      </Text>
    );
  }
  return (
    <Stack gap="1">
      <Checkbox checked={chosen ?? notify === true} disabled={pending || notify === undefined} onChange={(on) => void change(on)}>
        {t('Notify me if my professor replies')}
      </Checkbox>
      <Text fontSize="sm" color="fg.muted">
        {t('One notification on this device when your professor first replies, saying only “Your professor replied” and {{courseCode}}.', {
          // Until the course is read (a sent page's HTML), words for it.
          courseCode: courseCode || t('the course code'),
        })}
      </Text>
      {problem && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
