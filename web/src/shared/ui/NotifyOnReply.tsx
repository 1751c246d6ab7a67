import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ownSubmissionQueryOptions } from '../api/get-own-submission';
import { type PushSupport, PushUnavailableError, pushSupport, useReplyNotifications } from '../api/reply-push';
import { refusalMessage } from '../errorMessage';
import { useHydrated } from '../useHydrated';

export interface NotifyOnReplyProps {
  submissionId: string;
  editToken: string;
  courseCode: string;
}

/**
 * "Notify me if my professor replies": one push notification for the first reply, saying only
 * "Your professor replied" and the course code, that opens the private link. Where this browser has
 * no Push API or notifications are blocked, one line says so (the private link still works).
 */
export function NotifyOnReply({ submissionId, editToken, courseCode }: NotifyOnReplyProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [blocked, setBlocked] = useState<Exclude<PushSupport, 'supported'> | undefined>();
  const own = useQuery(ownSubmissionQueryOptions(editToken));
  const { turnOn, turnOff } = useReplyNotifications(submissionId);
  if (!hydrated) return null;

  const support = blocked ?? pushSupport();
  // Once there is a reply it is on the private link's page: nothing left to wait for.
  if (support === 'supported' && own.data?.reply) return null;
  const pending = turnOn.isPending || turnOff.isPending;
  const checked = turnOn.isPending ? true : turnOff.isPending ? false : own.data?.notify === true;
  const failure = turnOn.error ?? turnOff.error;
  const onChange = (on: boolean) => {
    const ref = { submissionId, editToken };
    turnOn.reset();
    turnOff.reset();
    if (!on) return turnOff.mutate(ref);
    turnOn.mutate(ref, {
      onError: (error) => {
        if (error instanceof PushUnavailableError) setBlocked(error.reason);
      },
    });
  };
  const problem =
    failure && !(failure instanceof PushUnavailableError)
      ? refusalMessage(failure, t('Notifications could not be changed. Please try again.'))
      : undefined;
  return (
    <NotifyOnReplyView
      support={support}
      checked={checked}
      disabled={pending || own.isPending}
      courseCode={courseCode}
      problem={problem}
      onChange={onChange}
    />
  );
}

export interface NotifyOnReplyViewProps {
  support: PushSupport;
  checked: boolean;
  disabled: boolean;
  courseCode: string;
  /** Why the last change failed, in words. */
  problem?: string;
  onChange?: (on: boolean) => void;
}

/** What NotifyOnReply shows, for each state: also the light private link's templates (web/src/student/track.ts). */
export function NotifyOnReplyView({ support, checked, disabled, courseCode, problem, onChange }: NotifyOnReplyViewProps) {
  const { t } = useTranslation();
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
      <Checkbox.Root checked={checked} disabled={disabled} onCheckedChange={(details) => onChange?.(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('Notify me if my professor replies')}</Checkbox.Label>
      </Checkbox.Root>
      <Text fontSize="sm" color="fg.muted">
        {t('One notification on this device when your professor first replies, saying only “Your professor replied” and {{courseCode}}.', {
          courseCode,
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
