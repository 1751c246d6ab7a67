import { Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from '../translatedResolver';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Reply, replySchema, useReplyToSubmission } from '../api/reply-to-submission';
import { useWithdrawReply } from '../api/withdraw-reply';
import { refusalMessage } from '../errorMessage';
import { ERROR_COLOR } from './colors';
import { toaster } from './toaster';
import { useTranslation } from 'react-i18next';

interface ReplyBoxProps {
  submissionId: string;
  /** The reply already sent, if any. */
  reply: Reply | null | undefined;
  /** What the submission is about, so each Reply button has a name of its own for screen readers. */
  about: string;
}

/**
 * "Reply" under one anonymous submission: the professor writes up to 1000 characters, the student
 * who holds the edit token sees it. A sent reply can be edited or withdrawn. Nothing tells the
 * professor whether it was read.
 */
export function ReplyBox({ submissionId, reply, about }: ReplyBoxProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const send = useReplyToSubmission();
  const withdraw = useWithdrawReply();
  const form = useForm({ resolver: translated(zodResolver(replySchema)), defaultValues: { body: reply?.body ?? '' } });
  const { errors } = form.formState;

  // Closing the box removes the control that had focus: it goes back to the Reply button.
  const replyButton = useRef<HTMLButtonElement>(null);
  const focusReplyButton = useRef(false);
  const close = () => {
    focusReplyButton.current = true;
    setOpen(false);
  };
  useEffect(() => {
    if (open || !focusReplyButton.current) return;
    focusReplyButton.current = false;
    if (document.activeElement === null || document.activeElement === document.body) replyButton.current?.focus();
  }, [open]);

  const start = () => {
    form.reset({ body: reply?.body ?? '' });
    setOpen(true);
  };
  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await send.mutateAsync({ submissionId, body });
      toaster.create({ type: 'success', title: t('Success'), description: t('Reply sent') });
      close();
    } catch (error) {
      toaster.create({ type: 'error', title: t('Error'), description: refusalMessage(error, t('Failed to send reply')) });
    }
  });
  const takeBack = async () => {
    try {
      await withdraw.mutateAsync(submissionId);
      toaster.create({ type: 'success', title: t('Success'), description: t('Reply withdrawn') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('Error'), description: refusalMessage(error, t('Failed to withdraw reply')) });
    }
  };

  if (open) {
    return (
      <form onSubmit={submit} noValidate aria-label={t('Reply to: {{about}}', { about })}>
        <Stack gap="2" mt="2">
          <Field.Root invalid={Boolean(errors.body)} required>
            <Field.Label htmlFor={`${id}-reply`}>{t('Your reply')}</Field.Label>
            <Textarea id={`${id}-reply`} rows={3} maxLength={1000} autoFocus {...form.register('body')} />
            <Field.ErrorText color={ERROR_COLOR}>{errors.body?.message}</Field.ErrorText>
          </Field.Root>
          <HStack gap="2">
            <Button type="submit" size="xs" loading={send.isPending} loadingText={t('Sending...')}>
              {t('Send Reply')}
            </Button>
            <Button type="button" size="xs" variant="ghost" onClick={close} disabled={send.isPending}>
              {t('Cancel')}
            </Button>
          </HStack>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="1" mt="2" align="flex-start">
      {reply && (
        <Box borderLeftWidth="3px" borderColor="blue.solid" pl="2" data-testid="sent-reply">
          <Text fontSize="xs" color="fg.muted">
            {t('Your reply')}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-line" wordBreak="break-word">
            {reply.body}
          </Text>
        </Box>
      )}
      <HStack gap="1">
        <Button
          ref={replyButton}
          size="xs"
          variant="outline"
          onClick={start}
          aria-label={`${reply ? t('Edit reply') : t('Reply')}: ${about}`}
        >
          {reply ? t('Edit reply') : t('Reply')}
        </Button>
        {reply && (
          <Button
            size="xs"
            variant="ghost"
            onClick={takeBack}
            loading={withdraw.isPending}
            aria-label={t('Withdraw reply: {{about}}', { about })}
          >
            {t('Withdraw reply')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
