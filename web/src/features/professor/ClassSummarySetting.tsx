import { Checkbox, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfessorCourse } from '../../shared/api/get-my-courses';
import { courseWithSection } from '../../shared/terms';
import { toaster } from '../../shared/ui/toaster';
import { useClassSummarySubscriptions } from './api/get-class-summary-subscriptions';
import { useSubscribeClassSummaries } from './api/subscribe-class-summaries';
import { useUnsubscribeClassSummaries } from './api/unsubscribe-class-summaries';

/**
 * "E-mail me a summary after each class": every member of the course's team (owner, co-instructor,
 * TA) opts in for themselves, course by course (docs/decisions/after-class-summary.md).
 */
export function ClassSummarySetting({ course }: { course: ProfessorCourse }) {
  const { t } = useTranslation();
  const subscriptions = useClassSummarySubscriptions();
  const subscribe = useSubscribeClassSummaries();
  const unsubscribe = useUnsubscribeClassSummaries();
  const label = courseWithSection(course.code, course.section, t('Section'));
  // What the member just asked for, shown until the server has answered. The box stays enabled
  // meanwhile (a disabled box would drop the keyboard focus); a second change then waits its turn.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const checked = wanted ?? subscriptions.data?.includes(course.id) ?? false;
  const pending = subscribe.isPending || unsubscribe.isPending;

  const change = async (on: boolean) => {
    if (pending) return;
    setWanted(on);
    try {
      if (on) await subscribe.mutateAsync(course.id);
      else await unsubscribe.mutateAsync(course.id);
      toaster.create({
        type: 'success',
        title: t('Success'),
        description: on
          ? t('You will get an e-mail summary after each class of {{course}}.', { course: label })
          : t('You will no longer get an e-mail summary after the classes of {{course}}.', { course: label }),
      });
    } catch {
      toaster.create({ type: 'error', title: t('Error'), description: t('Could not change the after-class summary e-mail.') });
    } finally {
      setWanted(null);
    }
  };

  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      disabled={!subscriptions.isSuccess}
      onCheckedChange={(details) => void change(details.checked === true)}
      data-testid="class-summary-setting"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        {/* The box's name says the course (every card has one); the words on screen stay short. */}
        <VisuallyHidden>{t('E-mail me a summary after each class of {{course}}', { course: label })}</VisuallyHidden>
        <span aria-hidden="true">{t('E-mail me a summary after each class')}</span>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}
