import { Button, Heading, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCourse } from '../api/get-course';
import { submissionIdOf } from '../api/get-own-submission';
import { copyWithToast } from '../clipboard';
import { forgetFeedback, rememberFeedback, useRememberedFeedback } from '../rememberedFeedback';
import { Notice } from './Notice';
import { LIGHT, useLightPage } from '../lightPage';
import { NotifyOnReply } from './NotifyOnReply';
import { privateLinkOf } from '../privateLink';

export interface PrivateLinkProps {
  editToken: string;
  courseId: string;
  /** The first words of the feedback, for the device's own list. */
  excerpt: string;
  sentAt: string;
  /** Shown in place of the form that was just sent (whose button is gone): focus moves to the link. */
  focusOnMount?: boolean;
}

/**
 * The way back to one submission without an identity: its private link (copy, share), and
 * "Remember on this device", which keeps it in this browser's list at /my-feedback, and "Notify me if
 * my professor replies".
 */
export function PrivateLink({ editToken, courseId, excerpt, sentAt, focusOnMount = false }: PrivateLinkProps) {
  const { t } = useTranslation();
  const link = privateLinkOf(editToken);
  const checkboxId = useId();
  const course = useCourse(courseId, { enabled: Boolean(courseId) });
  const entry = useRememberedFeedback().find((e) => e.token === editToken);
  const input = useRef<HTMLInputElement>(null);
  const [focusedOnMount] = useState(focusOnMount);
  useEffect(() => {
    // Only when focus went with the form (never away from a field the student is in).
    if (focusedOnMount && (document.activeElement === null || document.activeElement === document.body)) input.current?.focus();
  }, [focusedOnMount]);
  // A light page's template has the button, which its script leaves out where the browser cannot share.
  const light = useLightPage();
  const canShare = light || (typeof navigator !== 'undefined' && typeof navigator.share === 'function');

  const remember = () =>
    rememberFeedback({
      token: editToken,
      courseId,
      courseCode: course.data?.code ?? '',
      courseName: course.data?.name ?? '',
      excerpt,
      sentAt,
    });

  // The course may arrive after the confirmation: the list shows its code and name.
  useEffect(() => {
    if (entry && course.data && (entry.courseCode !== course.data.code || entry.courseName !== course.data.name)) {
      rememberFeedback({ ...entry, courseCode: course.data.code, courseName: course.data.name });
    }
  }, [entry, course.data]);

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
            bg="bg"
          />
          <Button variant="outline" onClick={() => void copyWithToast(link)} flexShrink={0}>
            {t('Copy Link')}
          </Button>
          {canShare && (
            <Button
              variant="outline"
              flexShrink={0}
              {...(light ? { [LIGHT.shareTitle]: t('My feedback on ClassPulse') } : {})}
              onClick={() => void navigator.share({ title: t('My feedback on ClassPulse'), url: link }).catch(() => undefined)}
            >
              {t('Share')}
            </Button>
          )}
        </Stack>
        <Stack gap="0.5">
          <chakra.label display="flex" alignItems="center" gap="2" cursor="pointer" fontWeight="medium">
            <chakra.input
              type="checkbox"
              id={checkboxId}
              checked={Boolean(entry)}
              onChange={(event) => (event.currentTarget.checked ? remember() : forgetFeedback(editToken))}
              accentColor="green.600"
              boxSize="4"
              aria-describedby={`${checkboxId}-help`}
            />
            {t('Remember on this device')}
          </chakra.label>
          <Text id={`${checkboxId}-help`} textStyle="xs" color="fg.muted" ps="6">
            {t('Lists it under My feedback in this browser only. Untick it on a shared computer.')}
          </Text>
        </Stack>
        <NotifyOnReply submissionId={submissionIdOf(editToken)} editToken={editToken} courseCode={course.data?.code ?? ''} />
      </Stack>
    </Notice>
  );
}
