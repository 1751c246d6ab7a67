import { Box, Button, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from '../../../shared/translatedResolver';
import { useForm } from 'react-hook-form';
import { noteSchema, useCreateSessionNote } from '../../../shared/api/create-session-note';
import { type SessionNote, useCourseNotes } from '../../../shared/api/get-course-notes';
import { useFollowUpCheck } from '../../../shared/api/get-follow-up-check';
import { figuresText } from '../../../shared/followUpFigures';
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
  const form = useForm({ resolver: translated(zodResolver(noteSchema)), defaultValues: { body: '', checkQuestion: '' } });
  const { errors } = form.formState;
  const posted = (notes.data ?? []).filter((note) => note.sessionId === sessionId);
  // The previous session's note whose check question today's students answer ("Did it help?").
  const checkId = useFollowUpCheck(courseId, sessionId).data?.noteId;
  const answered = (notes.data ?? []).find((note) => note.id === checkId);

  const submit = form.handleSubmit(async ({ body, checkQuestion }) => {
    try {
      await create.mutateAsync({ sessionId, body, checkQuestion });
      toaster.create({ type: 'success', title: t('Success'), description: t('Note posted') });
      form.reset({ body: '', checkQuestion: '' });
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
          <FormField
            label={t('Check question (optional)')}
            error={errors.checkQuestion}
            requiredIndicator={false}
            helperText={t('Students of the next session may answer it from 1 (still unclear) to 7 (clear now).')}
          >
            <Input maxLength={200} placeholder={t('Is recursion clearer now?')} {...form.register('checkQuestion')} />
          </FormField>
          <Button type="submit" alignSelf="flex-start" loading={create.isPending} loadingText={t('Posting...')}>
            {t('Post Note')}
          </Button>
        </Stack>
      </form>
      {posted.length > 0 && (
        <Stack as="ul" gap="2" mt="4" listStyleType="none" aria-label={t('Notes posted for this session')}>
          {posted.map((note) => (
            <PostedNote key={note.id} note={note} />
          ))}
        </Stack>
      )}
      {answered && (
        <Stack as="section" gap="2" mt="4" aria-label={t("Today's students are asked")}>
          <Text fontWeight="medium" textStyle="sm">
            {t("Today's students are asked")}
          </Text>
          <Box as="ul" listStyleType="none">
            <PostedNote note={answered} />
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}

/** A note as the team sees it: its text, its check question, and its figures once they show. */
function PostedNote({ note }: { note: SessionNote }) {
  const { t } = useTranslation();
  return (
    <Box as="li" borderLeftWidth="3px" borderColor="blue.solid" pl="2" data-testid="posted-note">
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {note.body}
      </Text>
      {note.checkQuestion && (
        <Text fontSize="sm" color="fg.muted">
          {t('Check question: {{question}}', { question: note.checkQuestion })}
        </Text>
      )}
      {note.figures && (
        <Text fontSize="sm" data-testid="note-figures">
          {figuresText(t, note.figures)}
        </Text>
      )}
    </Box>
  );
}
