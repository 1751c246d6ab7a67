import { useState } from 'react';
import type { Course } from '../../shared/api/get-course';
import { toaster } from '../../shared/ui/toaster';
import { useDeleteCourse } from './api/delete-course';
import { DestructiveDialog, DestructiveFooter, DestructiveQuestion, useConfirmedDelete } from './DestructiveDialog';
import { useCourseSubmissionCount } from './useCourseSubmissionCount';
import { submissionsLabel } from './sessionLink';
import { useTranslation } from 'react-i18next';
import { withNodes } from '../../shared/ui/withNodes';
import { courseWithSection } from '../../shared/terms';

interface DeleteCourseDialogProps {
  course: Course | null;
  /** `deleted` is true after a successful delete. */
  onClose: (deleted: boolean) => void;
}

/** Deleting a course also deletes its class links and feedback; the confirmation says how much. */
export function DeleteCourseDialog({ course, onClose }: DeleteCourseDialogProps) {
  const open = course !== null;
  // The course stays shown while the dialog animates out; each opening gets a new confirmation
  // (a new key), whose count is fetched afresh rather than read from the cache.
  const [shown, setShown] = useState<Course | null>(course);
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (course && course !== shown) setShown(course);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((count) => count + 1);
  }
  const remove = useDeleteCourse();

  return (
    <DestructiveDialog open={open} pending={remove.isPending} onDismiss={() => onClose(false)} size="sm">
      {shown && <Confirmation key={opening} course={shown} open={open} remove={remove} onClose={onClose} />}
    </DestructiveDialog>
  );
}

interface ConfirmationProps {
  course: Course;
  open: boolean;
  remove: ReturnType<typeof useDeleteCourse>;
  onClose: (deleted: boolean) => void;
}

function Confirmation({ course, open, remove, onClose }: ConfirmationProps) {
  const { t } = useTranslation();
  const { counting, count } = useCourseSubmissionCount(course.id, open);
  const { deleting, confirm } = useConfirmedDelete(async () => {
    await remove.mutateAsync(course.id);
    toaster.create({ type: 'success', title: t('Success'), description: t('Course deleted successfully') });
    onClose(true);
  }, t('Failed to delete course'));

  return (
    <>
      <DestructiveQuestion
        title={t('Delete {{code}}?', { code: courseWithSection(course.code, course.section, t('Section')) })}
        counting={counting && !deleting}
        sentence={withNodes(t('This permanently deletes {{course}}, its class links and {{submissions}}. This cannot be undone.'), {
          course: <strong>{course.name}</strong>,
          submissions: <strong>{count === undefined ? t('all of its submissions') : submissionsLabel(count)}</strong>,
        })}
      />
      <DestructiveFooter onConfirm={confirm} pending={remove.isPending} disabled={counting && !deleting}>
        {t('Delete Course')}
      </DestructiveFooter>
    </>
  );
}
