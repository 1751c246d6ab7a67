import { Button, Dialog, Portal, Skeleton, Text } from '@chakra-ui/react';
import type { Course } from '../../api';
import { toaster } from '../../shared/ui/toaster';
import { useCourseSubmissionCount, useDeleteCourse } from './api';
import { submissionsLabel } from './sessionLink';

interface DeleteCourseDialogProps {
  course: Course | null;
  /** `deleted` is true after a successful delete. */
  onClose: (deleted: boolean) => void;
}

/** Deleting a course also deletes its class links and feedback; the confirmation says how much. */
export function DeleteCourseDialog({ course, onClose }: DeleteCourseDialogProps) {
  const open = course !== null;
  const count = useCourseSubmissionCount(course?.id ?? '', open);
  const remove = useDeleteCourse();

  const confirm = async () => {
    if (!course) return;
    try {
      await remove.mutateAsync(course.id);
      toaster.create({ type: 'success', title: 'Success', description: 'Course deleted successfully' });
      onClose(true);
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to delete course' });
    }
  };

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && !remove.isPending && onClose(false)}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Delete {course?.code}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {count.isLoading ? (
                <Skeleton height="12" aria-label="Counting submissions" />
              ) : (
                <Text>
                  This permanently deletes <strong>{course?.name}</strong>, its class links and{' '}
                  <strong>{count.data === undefined ? 'all of its submissions' : submissionsLabel(count.data)}</strong>. This
                  cannot be undone.
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={remove.isPending}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={remove.isPending} loadingText="Deleting..." disabled={count.isLoading}>
                Delete Course
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
