import { Button, Card, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/errors';
import type { Course } from '../../shared/api/get-course';
import { withoutStatus } from '../../shared/errorMessage';
import { toaster } from '../../shared/ui/toaster';
import { useCreateCourse } from './api/create-course';
import { type CourseInput, courseInputSchema } from './api/course-input';
import { useUpdateCourse } from './api/update-course';

type CourseFormValues = CourseInput;

interface CourseFormProps {
  /** The course being edited; null when creating. */
  editing: Course | null;
  onDone: () => void;
}

/** Create or edit a course (docs/product.md, Screen texts): name and code, "Update Course" in edit mode, Cancel. */
export function CourseForm({ editing, onDone }: CourseFormProps) {
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const saving = create.isPending || update.isPending;
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<CourseFormValues>({ resolver: zodResolver(courseInputSchema), defaultValues: { name: '', code: '' } });

  useEffect(() => {
    reset(editing ? { name: editing.name, code: editing.code } : { name: '', code: '' });
    setServerError(null);
    if (editing) setFocus('name');
  }, [editing, reset, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await (editing ? update.mutateAsync({ id: editing.id, input: values }) : create.mutateAsync(values));
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
        // The seed: "the server's message, or 'Failed to create course'".
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
              <Button type="submit" loading={saving} loadingText={editing ? 'Updating...' : 'Creating...'}>
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
