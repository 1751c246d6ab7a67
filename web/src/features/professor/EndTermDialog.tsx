import { List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ProfessorCourse } from '../../shared/api/get-my-courses';
import { courseWithSection } from '../../shared/terms';
import { toaster } from '../../shared/ui/toaster';
import { withNodes } from '../../shared/ui/withNodes';
import { useEndTerm } from './api/end-term';
import { DestructiveDialog, DestructiveFooter, DestructiveQuestion, useConfirmedDelete } from './DestructiveDialog';

interface EndTermDialogProps {
  course: ProfessorCourse;
  open: boolean;
  onClose: () => void;
}

/**
 * "End Term" (owner and co-instructors, current courses): says what ending the term does before it
 * does it. The course leaves course search, its class link stops working and students can no
 * longer send feedback; the team keeps reading everything.
 */
export function EndTermDialog({ course, open, onClose }: EndTermDialogProps) {
  const end = useEndTerm();
  return (
    <DestructiveDialog open={open} pending={end.isPending} onDismiss={onClose} size="md" freshEachOpening>
      <Confirmation course={course} end={end} onClose={onClose} />
    </DestructiveDialog>
  );
}

function Confirmation({ course, end, onClose }: { course: ProfessorCourse; end: ReturnType<typeof useEndTerm>; onClose: () => void }) {
  const { t } = useTranslation();
  const label = courseWithSection(course.code, course.section, t('Section'));
  const { confirm } = useConfirmedDelete(async () => {
    await end.mutateAsync(course.id);
    toaster.create({
      type: 'success',
      title: t('Term ended'),
      description: t('{{course}} ({{term}}) has ended.', { course: label, term: course.term }),
    });
    onClose();
  }, t('Failed to end the term'));
  return (
    <>
      <DestructiveQuestion
        title={t('End the term of {{course}}?', { course: label })}
        counting={false}
        sentence={withNodes(t('{{course}} ({{term}}) is archived:'), { course: <strong>{course.name}</strong>, term: course.term })}
      >
        <Stack gap="3">
          <List.Root ps="5" gap="1">
            <List.Item>{t('It leaves course search, so students can no longer find it.')}</List.Item>
            <List.Item>{t('Its class link stops working, and students can no longer send feedback.')}</List.Item>
            <List.Item>{t('Your team keeps reading all of its feedback, on the dashboard and in the live view.')}</List.Item>
          </List.Root>
          <Text fontSize="sm" color="fg.muted">
            {t('When the next term begins, "Start Next Term" on its card makes the new course with the same team.')}
          </Text>
        </Stack>
      </DestructiveQuestion>
      <DestructiveFooter onConfirm={confirm} pending={end.isPending} pendingText={t('Ending...')}>
        {t('End Term')}
      </DestructiveFooter>
    </>
  );
}
