import { Box, Button, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from '../../../shared/translatedResolver';
import { useForm } from 'react-hook-form';
import { noteSchema, useCreateSessionNote } from '../../../shared/api/create-session-note';
import { useCourseNotes } from '../../../shared/api/get-course-notes';
import { refusalMessage } from '../../../shared/errorMessage';
import { toaster } from '../../../shared/ui/toaster';
import { FormField } from '../../../shared/forms/fields';
import { SectionCard } from '../../../shared/ui/SectionCard';
import { useTranslation } from 'react-i18next';

/** "You said, we did": a note students see on the course page and on this session's page. */
export function NoteForm({ courseId, sessionId }: { courseId: string; sessionId: string }) {
  const { t } = useTranslation();
  const create = useCreateSessionNote();
  const notes = useCourseNotes(courseId);
  const form = useForm({ resolver: translated(zodResolver(noteSchema)), defaultValues: { body: '' } });
  const { errors } = form.formState;
  const posted = (notes.data ?? []).filter((note) => note.sessionId === sessionId);

  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await create.mutateAsync({ sessionId, body });
      toaster.create({ type: 'success', title: t('Success'), description: t('Note posted') });
      form.reset({ body: '' });
    } catch (error) {
      toaster.create({ type: 'error', title: t('Error'), description: refusalMessage(error, t('Failed to post note')) });
    }
  });

  return (
    <SectionCard
      id="note-heading"
      title={t('You said, we did')}
      description={t("Tell students what you will change. Your note shows on the course page and this session's feedback page.")}
    >
      <form onSubmit={submit} noValidate aria-label={t('Post a note')}>
        <Stack gap="3">
          <FormField label={t('Note for students')} error={errors.body} requiredIndicator={false}>
            <Textarea
              rows={3}
              maxLength={1000}
              placeholder={t('Next class I will redo the recursion example')}
              {...form.register('body')}
            />
          </FormField>
          <Button type="submit" alignSelf="flex-start" loading={create.isPending} loadingText={t('Posting...')}>
            {t('Post Note')}
          </Button>
        </Stack>
      </form>
      {posted.length > 0 && (
        <Stack as="ul" gap="2" mt="4" listStyleType="none" aria-label={t('Notes posted for this session')}>
          {posted.map((note) => (
            <Box as="li" key={note.id} borderLeftWidth="3px" borderColor="blue.solid" pl="2">
              <Text whiteSpace="pre-line" wordBreak="break-word">
                {note.body}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
