import { Button, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/errors';
import type { ProfessorCourse } from '../../shared/api/get-my-courses';
import { withoutStatus } from '../../shared/errorMessage';
import { FormField } from '../../shared/forms/fields';
import { nextTerm, courseWithSection } from '../../shared/terms';
import { translated } from '../../shared/translatedResolver';
import { toaster } from '../../shared/ui/toaster';
import { nextTermInputSchema, useStartNextTerm } from './api/start-next-term';

interface StartNextTermDialogProps {
  course: ProfessorCourse;
  open: boolean;
  onClose: () => void;
}

/**
 * "Start Next Term" (owner and co-instructors, on an ended course): the term of the new course,
 * proposed as the one after the course's own, and the course made in one step with the same code,
 * name, section, settings and team.
 */
export function StartNextTermDialog({ course, open, onClose }: StartNextTermDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size="sm" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>
                {t('Start the next term of {{course}}', { course: courseWithSection(course.code, course.section, t('Section')) })}
              </Dialog.Title>
            </Dialog.Header>
            <NextTermForm course={course} onClose={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function NextTermForm({ course, onClose }: { course: ProfessorCourse; onClose: () => void }) {
  const { t } = useTranslation();
  const start = useStartNextTerm();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ term: string }>({
    resolver: translated(zodResolver(nextTermInputSchema)),
    defaultValues: { term: nextTerm(course.term) },
  });
  const label = courseWithSection(course.code, course.section, t('Section'));

  const onSubmit = handleSubmit(async ({ term }) => {
    try {
      const made = await start.mutateAsync({ course, term });
      toaster.create({
        type: 'success',
        title: t('Success'),
        description: t('{{course}} for {{term}} is ready, with the same team.', { course: label, term: made.term }),
      });
      onClose();
    } catch (error) {
      const answered = error instanceof ApiError && error.status > 0;
      // A clash or a refused term belongs under the field; anything else only in the toast.
      if (answered && (error.status === 409 || error.status === 400)) setError('term', { message: withoutStatus(error) });
      toaster.create({ type: 'error', title: t('Error'), description: t('Failed to start the next term') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Start Next Term')}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            {t('A new course for the next term, with the same code, name, section, settings and team. Its feedback starts empty.')}
          </Text>
          <FormField label={t('Term')} error={errors.term}>
            <Input placeholder={t('e.g. Fall 2026')} autoComplete="off" maxLength={40} {...register('term')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" disabled={start.isPending}>
            {t('Cancel')}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" loading={start.isPending} loadingText={t('Starting...')}>
          {t('Start Next Term')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
