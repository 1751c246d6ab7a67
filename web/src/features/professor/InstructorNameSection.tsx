import { Box, Button, Heading, Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCurrentUser } from '../../shared/api/current-user';
import { withoutStatus } from '../../shared/errorMessage';
import { FormField } from '../../shared/forms/fields';
import { translated } from '../../shared/translatedResolver';
import { toaster } from '../../shared/ui/toaster';
import { RetryLine } from './RetryLine';
import { useInstructorName } from './api/get-instructor-name';
import { INSTRUCTOR_NAME_MAX, type InstructorNameInput, instructorNameSchema } from './api/instructor-name-input';
import { useUpdateInstructorName } from './api/update-instructor-name';

/**
 * "Your name as students see it" on /professor: the name course search shows beside the courses
 * this professor teaches (profiles.display_name), never their e-mail address; empty shows none.
 */
export function InstructorNameSection() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const userId = user?.id;
  const saved = useInstructorName(userId);
  const update = useUpdateInstructorName();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InstructorNameInput, unknown, z.output<typeof instructorNameSchema>>({
    resolver: translated(zodResolver(instructorNameSchema)),
    defaultValues: { displayName: '' },
  });
  // The saved name fills the field, but never over what the professor has typed meanwhile (the
  // field is enabled in the render before this effect runs).
  useEffect(() => {
    if (saved.isSuccess) reset({ displayName: saved.data ?? '' }, { keepDirtyValues: true });
  }, [saved.isSuccess, saved.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!userId) return;
    try {
      const name = await update.mutateAsync({ userId, input: values });
      reset({ displayName: name ?? '' });
      toaster.create({
        type: 'success',
        title: t('Success'),
        description: name ? t('Students see {{name}} beside your courses.', { name }) : t('Students see no name beside your courses.'),
      });
    } catch (error) {
      const message = withoutStatus(error);
      if (message) setError('displayName', { message });
      toaster.create({ type: 'error', title: t('Error'), description: t('Failed to save your name') });
    }
  });

  return (
    <Box as="section" aria-labelledby="instructor-name" mt="12" pt="6" borderTopWidth="1px">
      <Heading as="h2" size="md" id="instructor-name" mb="3">
        {t('Your Name')}
      </Heading>
      {saved.isError ? (
        <RetryLine fontSize="sm" message={t('Unable to load your name.')} onRetry={() => void saved.refetch()} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Box maxW="xl">
            <FormField
              label={t('Your name as students see it')}
              required={false}
              error={errors.displayName}
              helperText={t(
                'Students see this name beside your courses in course search, never your e-mail address. Leave it empty to show no name.',
              )}
            >
              <Input
                placeholder={t('e.g. Dr. Pat Lee')}
                autoComplete="name"
                maxLength={INSTRUCTOR_NAME_MAX}
                disabled={!saved.isSuccess}
                {...register('displayName')}
              />
            </FormField>
          </Box>
          <Button type="submit" size="sm" mt="3" loading={update.isPending} disabled={!saved.isSuccess} loadingText={t('Saving...')}>
            {t('Save Name')}
          </Button>
        </form>
      )}
    </Box>
  );
}
