import { useEffect, useRef } from 'react';
import { type OwnSubmission, getOwnSubmission, submissionIdOf } from '../../shared/api/get-own-submission';
import { privateLinkOf } from '../../shared/privateLink';
import { forgetFeedback, rememberFeedback, useRememberedFeedback } from '../../shared/rememberedFeedback';
import { useCourse } from '../forms/readCourse';
import { useMounted } from '../runtime/useMounted';
import { useRead } from '../runtime/useRead';
import { useT } from '../runtime/useT';
import { copyWithToast } from './clipboard';
import { Input } from './Field';
import { NotifyOnReply } from './NotifyOnReply';
import { styled } from 'styled-system/jsx';
import { css } from 'styled-system/css';
import { Button, Heading, Stack, Text } from './primitives';
import { Notice } from './states';
import { useStableId } from '../runtime/useStableId';

export interface PrivateLinkProps {
  editToken: string;
  courseId: string;
  /** The first words of the feedback, for the device's own list. */
  excerpt: string;
  sentAt: string;
  /** Shown in place of the form that was just sent (whose button is gone): focus moves to the link. */
  focusOnMount?: boolean;
  /**
   * The submission as the page read it (its reply, whether notifications are on): read here when
   * not given; `null` while the page's own read is on its way.
   */
  submission?: Pick<OwnSubmission, 'reply' | 'notify'> | null;
}

/**
 * The way back to one submission without an identity: its private link (copy, share), and
 * "Remember on this device", which keeps it in this browser's list at /my-feedback, and "Notify me if
 * my professor replies".
 */
export function PrivateLink({ editToken, courseId, excerpt, sentAt, focusOnMount = false, submission }: PrivateLinkProps) {
  const { t } = useT();
  const mounted = useMounted();
  // Empty in a sent page's HTML, drawn before the token is read (pages/form-post/SentFollowUp.island.tsx):
  // until it is, the card's controls wait, so a tap kept from before the page ran neither copies nor
  // remembers a link without its token.
  const tokenUnknown = !editToken;
  const link = tokenUnknown ? '' : mounted ? privateLinkOf(editToken) : `/track/${editToken}`;
  const checkboxId = useStableId();
  const course = useCourse(courseId);
  const own = useRead(`own:${editToken}`, () => getOwnSubmission(editToken), { enabled: submission === undefined });
  const known = submission === undefined ? own.data : (submission ?? undefined);
  const entry = useRememberedFeedback().find((e) => e.token === editToken);
  const input = useRef<HTMLInputElement>(null);
  const focusedOnMount = useRef(focusOnMount);
  useEffect(() => {
    // Only when focus went with the form (never away from a field the student is in).
    const active = document.activeElement;
    if (focusedOnMount.current && (active === null || active === document.body)) input.current?.focus();
  }, []);
  const canShare = mounted && typeof navigator.share === 'function';

  const remember = () =>
    rememberFeedback({
      token: editToken,
      courseId,
      courseCode: course?.code ?? '',
      courseName: course?.name ?? '',
      excerpt,
      sentAt,
    });

  // The course may arrive after the confirmation: the list shows its code and name.
  useEffect(() => {
    if (entry && course && (entry.courseCode !== course.code || entry.courseName !== course.name)) {
      rememberFeedback({ ...entry, courseCode: course.code, courseName: course.name });
    }
  }, [entry, course]);

  return (
    <Notice tone="success" as="section" aria-labelledby={`${checkboxId}-heading`}>
      <Stack gap="3" w="full" minW="0">
        <Heading as="h2" id={`${checkboxId}-heading`} size="md">
          {t('Your private track link')}
        </Heading>
        <Text>{t("Whoever has this link can read and edit this feedback. Keep it to see your professor's reply.")}</Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
          <Input
            ref={input}
            readOnly
            value={link}
            aria-label={t('Your private track link')}
            onFocus={(event) => event.currentTarget.select()}
            className={css({ bg: 'bg' })}
          />
          <Button variant="outline" disabled={tokenUnknown} onClick={() => void copyWithToast(privateLinkOf(editToken))} flexShrink={0}>
            {t('Copy Link')}
          </Button>
          {canShare && (
            <Button
              variant="outline"
              flexShrink={0}
              disabled={tokenUnknown}
              onClick={() =>
                void navigator.share({ title: t('My feedback on ClassPulse'), url: privateLinkOf(editToken) }).catch(() => undefined)
              }
            >
              {t('Share')}
            </Button>
          )}
        </Stack>
        <Stack gap="0.5">
          <styled.label display="flex" alignItems="center" gap="2" cursor="pointer" fontWeight="medium">
            <styled.input
              type="checkbox"
              id={checkboxId}
              checked={mounted && Boolean(entry)}
              disabled={tokenUnknown}
              onChange={(event) => (event.currentTarget.checked ? remember() : forgetFeedback(editToken))}
              accentColor="green.600"
              boxSize="4"
              aria-describedby={`${checkboxId}-help`}
            />
            {t('Remember on this device')}
          </styled.label>
          <Text id={`${checkboxId}-help`} textStyle="xs" color="fg.muted" ps="6">
            {t('Lists it under My feedback in this browser only. Untick it on a shared computer.')}
          </Text>
        </Stack>
        <NotifyOnReply
          submissionId={submissionIdOf(editToken)}
          editToken={editToken}
          courseCode={course?.code ?? ''}
          notify={known?.notify}
          replied={Boolean(known?.reply)}
        />
      </Stack>
    </Notice>
  );
}
