import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import type { ProfessorCourse } from '../../shared/api/get-my-courses';
import { toaster } from '../../shared/ui/toaster';
import { useDeleteCourseFeedback } from './api/delete-course-feedback';
import { CourseAction } from './CourseAction';
import { DestructiveDialog, DestructiveFooter, DestructiveQuestion, useConfirmedDelete } from './DestructiveDialog';
import { normalizeCourseCode } from './api/course-input';
import { submissionsLabel } from './sessionLink';
import { useCourseSubmissionCount } from './useCourseSubmissionCount';
import { useTranslation } from 'react-i18next';
import { withNodes } from '../../shared/ui/withNodes';
import { courseWithSection } from '../../shared/terms';

/**
 * "Delete all feedback of this course" on a course card (owner and co-instructors): the button and
 * its confirmation, which asks for the course code to be typed before it deletes anything.
 */
export function DeleteFeedbackButton({ course }: { course: ProfessorCourse }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <CourseAction
        label={t('Delete all feedback')}
        name={t('Delete all feedback of {{code}}', { code: courseWithSection(course.code, course.section, t('Section')) })}
        variant="ghost"
        colorPalette="red"
        onClick={() => setOpen(true)}
      />
      <DeleteFeedbackDialog course={course} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

interface DeleteFeedbackDialogProps {
  course: ProfessorCourse;
  open: boolean;
  onClose: () => void;
}

export function DeleteFeedbackDialog({ course, open, onClose }: DeleteFeedbackDialogProps) {
  const remove = useDeleteCourseFeedback();
  return (
    // Each opening starts over: an empty confirmation field and a fresh count.
    <DestructiveDialog open={open} pending={remove.isPending} onDismiss={onClose} size="sm" freshEachOpening>
      <Confirmation course={course} remove={remove} onClose={onClose} />
    </DestructiveDialog>
  );
}

interface ConfirmationProps {
  course: ProfessorCourse;
  remove: ReturnType<typeof useDeleteCourseFeedback>;
  onClose: () => void;
}

function Confirmation({ course, remove, onClose }: ConfirmationProps) {
  const { t } = useTranslation();
  const { counting, count } = useCourseSubmissionCount(course.id, true);
  const [typed, setTyped] = useState('');
  const confirmed = normalizeCourseCode(typed) === course.code;
  const label = courseWithSection(course.code, course.section, t('Section'));
  const { deleting, confirm } = useConfirmedDelete(async () => {
    const { deleted } = await remove.mutateAsync(course.id);
    toaster.create({
      type: 'success',
      title: t('Feedback deleted'),
      description: t('Deleted {{what}} from {{code}}', { what: submissionsLabel(deleted), code: label }),
    });
    onClose();
  }, t('Failed to delete feedback'));

  return (
    <>
      <DestructiveQuestion
        title={t('Delete all feedback of {{code}}?', { code: label })}
        counting={counting && !deleting}
        sentence={withNodes(
          t(
            'This permanently deletes {{submissions}} of {{course}} and your replies to them. The course, its class links and your notes stay. This cannot be undone.',
          ),
          {
            submissions: <strong>{count === undefined ? t('all submissions') : submissionsLabel(count)}</strong>,
            course: <strong>{course.name}</strong>,
          },
        )}
      >
        <Field.Root>
          <Field.Label>{t('Type {{code}} to confirm', { code: course.code })}</Field.Label>
          <Input
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && confirmed && !remove.isPending) void confirm();
            }}
          />
        </Field.Root>
      </DestructiveQuestion>
      <DestructiveFooter onConfirm={confirm} pending={remove.isPending} disabled={!confirmed || (counting && !deleting)}>
        {t('Delete all feedback')}
      </DestructiveFooter>
    </>
  );
}
