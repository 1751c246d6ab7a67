import { Button, Card, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, type Course } from '../../api';
import { toaster } from '../../shared/ui/toaster';
import { withoutStatus } from '../auth/messages';
import { useSaveCourse } from './api';

const courseSchema = z.object({
  name: z.string().trim().min(1, { error: 'Course name is required' }).max(200, { error: 'Course name is too long' }),
  code: z.string().trim().min(1, { error: 'Course code is required' }).max(32, { error: 'Course code is too long' }),
});
type CourseFormValues = z.infer<typeof courseSchema>;

interface CourseFormProps {
  /** The course being edited; null when creating. */
  editing: Course | null;
  onDone: () => void;
}

/** Create or edit a course (seed §2): name and code, "Update Course" in edit mode, Cancel. */
export function CourseForm({ editing, onDone }: CourseFormProps) {
  const save = useSaveCourse();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<CourseFormValues>({ resolver: zodResolver(courseSchema), defaultValues: { name: '', code: '' } });

  useEffect(() => {
    reset(editing ? { name: editing.name, code: editing.code } : { name: '', code: '' });
    setServerError(null);
    if (editing) setFocus('name');
  }, [editing, reset, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: editing?.id, input: values });
      toaster.create({ type: 'success', title: 'Success', description: editing ? 'Course updated successfully' : 'Course created successfully' });
      reset({ name: '', code: '' });
      onDone();
    } catch (error) {
      // Status 0: no answer from the server (offline, DNS): its message is the browser's, not the server's.
      const answered = error instanceof ApiError && error.status > 0;
      const message = answered ? withoutStatus(error) : '';
      // A duplicate code belongs next to the code field; other failures only in the toast.
      setServerError(answered && error.status === 409 ? message : null);
      toaster.create({
        type: 'error',
        title: 'Error',
        // Seed §8: "the server's message, or 'Failed to create course'".
        description: editing ? 'Failed to update course' : message || 'Failed to create course',
      });
    }
  });

  const cancel = () => {
    reset({ name: '', code: '' });
    setServerError(null);
    onDone();
  };

  return (
    <Card.Root id="course-form">
      <Card.Header>
        <Heading as="h2" size="lg">
          {editing ? 'Edit Course' : 'Create New Course'}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit course' : 'Create course'}>
          <Stack gap="4">
            <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="flex-start">
              <Field.Root required invalid={Boolean(errors.name)} flex="2">
                <Field.Label>
                  Course Name <Field.RequiredIndicator />
                </Field.Label>
                <Input placeholder="e.g. Introduction to Computer Science" autoComplete="off" {...register('name')} />
                <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(errors.code || serverError)} flex="1">
                <Field.Label>
                  Course Code <Field.RequiredIndicator />
                </Field.Label>
                <Input placeholder="e.g. CS101" autoComplete="off" {...register('code')} />
                <Field.ErrorText>{errors.code?.message ?? serverError}</Field.ErrorText>
              </Field.Root>
            </Stack>
            <Stack direction="row" gap="3" wrap="wrap">
              <Button type="submit" loading={save.isPending} loadingText={editing ? 'Updating...' : 'Creating...'}>
                {editing ? 'Update Course' : 'Create Course'}
              </Button>
              {editing && (
                <Button type="button" variant="outline" onClick={cancel}>
                  Cancel
                </Button>
              )}
            </Stack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
