import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { replySchema, useReplyToSubmission } from '../../../shared/api/reply-to-submission';
import type { ConfusionGroup } from '../../../shared/api/get-shared-confusion';
import { refusalMessage } from '../../../shared/errorMessage';
import { translated } from '../../../shared/translatedResolver';
import { ERROR_COLOR } from '../../../shared/ui/colors';
import { toaster } from '../../../shared/ui/toaster';

interface GroupReplyProps {
  group: ConfusionGroup;
  /** The submissions already replied to: each keeps its own reply. */
  replied: Record<string, unknown>;
}

/**
 * "Reply to the group": one text, written once, sent as the reply of every text of the group that
 * has none yet, so each student who holds its private link reads it (one reply per submission).
 */
export function GroupReply({ group, replied }: GroupReplyProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const send = useReplyToSubmission();
  const form = useForm({ resolver: translated(zodResolver(replySchema)), defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;
  const waiting = [group.top, ...group.others].map((text) => text.id).filter((textId) => !(textId in replied));
  if (group.texts < 2 || waiting.length === 0) return null;

  const submit = form.handleSubmit(async ({ body }) => {
    let sent = 0;
    try {
      for (const submissionId of waiting) {
        await send.mutateAsync({ submissionId, body });
        sent += 1;
      }
      toaster.create({ type: 'success', title: t('Success'), description: t('Reply sent to {{n}} texts', { n: sent }) });
      setOpen(false);
      form.reset({ body: '' });
    } catch (error) {
      toaster.create({ type: 'error', title: t('Error'), description: refusalMessage(error, t('Failed to send reply')) });
    }
  });

  if (!open) {
    return (
      <Button size="xs" variant="outline" mt="2" onClick={() => setOpen(true)}>
        {t('Reply to the group ({{n}} texts)', { n: waiting.length })}
      </Button>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('Reply to the group')}>
      <Stack gap="2" mt="2">
        <Field.Root invalid={Boolean(errors.body)} required>
          <Field.Label htmlFor={`${id}-group-reply`}>{t('Your reply to the group')}</Field.Label>
          <Textarea id={`${id}-group-reply`} rows={3} maxLength={1000} autoFocus {...form.register('body')} />
          <Field.ErrorText color={ERROR_COLOR}>{errors.body?.message}</Field.ErrorText>
        </Field.Root>
        <HStack gap="2">
          <Button type="submit" size="xs" loading={isSubmitting} loadingText={t('Sending...')}>
            {t('Send Reply')}
          </Button>
          <Button type="button" size="xs" variant="ghost" onClick={() => setOpen(false)} disabled={isSubmitting}>
            {t('Cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
