import { Box, Button, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from '../../../shared/translatedResolver';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { type NewSessionNote, noteSchema, useCreateSessionNote } from '../../../shared/api/create-session-note';
import { useCourseNotes } from '../../../shared/api/get-course-notes';
import { useFollowUpCheck } from '../../../shared/api/get-follow-up-check';
import { useSharedConfusion } from '../../../shared/api/get-shared-confusion';
import { refusalMessage } from '../../../shared/errorMessage';
import { toaster } from '../../../shared/ui/toaster';
import { FormField } from '../../../shared/forms/fields';
import { SectionCard } from '../../../shared/ui/SectionCard';
import { useTranslation } from 'react-i18next';
import { addressedGroupIds, pickableGroups } from './noteTopics';
import { NoteTopicFields, type NoteFormValues, OTHER_TOPIC, TOPIC_REQUIRED } from './NoteTopicFields';
import { PostedNote } from './PostedNote';

const EMPTY: NoteFormValues = { body: '', addressedChoice: '', addressedTopic: '', controlChoice: '', controlTopic: '' };

/** What the form's choices send: a topic only when one is chosen, a group only when picked from the list. */
function toNote({ body, addressedChoice, addressedTopic, controlChoice, controlTopic }: NoteFormValues): Omit<NewSessionNote, 'sessionId'> {
  if (!addressedChoice) return { body, addressedTopic: null, addressedGroupId: null, controlTopic: null, controlGroupId: null };
  return {
    body,
    addressedTopic,
    addressedGroupId: addressedChoice === OTHER_TOPIC ? null : addressedChoice,
    controlTopic: controlChoice ? controlTopic : null,
    controlGroupId: controlChoice || null,
  };
}

// The shared schema checks what is sent; the form adds that a chosen confusion needs its words.
type NotePayload = Omit<NewSessionNote, 'sessionId'>;
const checkNote = zodResolver(noteSchema);
const resolver: Resolver<NoteFormValues, unknown, NotePayload> = translated<NoteFormValues, unknown, NotePayload>(
  async (values, context, options) => {
    if (values.addressedChoice && !values.addressedTopic.trim()) {
      return { values: {}, errors: { addressedTopic: { type: 'required', message: TOPIC_REQUIRED } } };
    }
    const result = await checkNote(toNote(values), context, options as never);
    if (Object.keys(result.errors).length) return { values: {}, errors: result.errors as FieldErrors<NoteFormValues> };
    return { values: result.values as NotePayload, errors: {} };
  },
);

/** "You said, we did": a note students see on the course page and on this session's page. */
export function NoteForm({ courseId, sessionId }: { courseId: string; sessionId: string }) {
  const { t } = useTranslation();
  const create = useCreateSessionNote();
  const notes = useCourseNotes(courseId);
  // Today's groups, as the Shared Confusion panel reads them (the same query, so no second poll).
  const shared = useSharedConfusion(courseId);
  const form = useForm<NoteFormValues, unknown, NotePayload>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const posted = (notes.data ?? []).filter((note) => note.sessionId === sessionId);
  const groups = shared.data?.sessionId === sessionId ? pickableGroups(shared.data.groups) : [];
  // The previous session's note whose topics today's students rate ("Did it work?").
  const checkId = useFollowUpCheck(courseId, sessionId).data?.noteId;
  const answered = (notes.data ?? []).find((note) => note.id === checkId);

  const submit = form.handleSubmit(async (note) => {
    try {
      await create.mutateAsync({ sessionId, ...note });
      toaster.create({ type: 'success', title: t('Success'), description: t('Note posted') });
      form.reset(EMPTY);
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
          <NoteTopicFields form={form} groups={groups} answered={addressedGroupIds(posted)} />
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
