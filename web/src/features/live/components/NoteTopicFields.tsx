import { Input, Text } from '@chakra-ui/react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NewSessionNote } from '../../../shared/api/create-session-note';
import type { ConfusionGroup } from '../../../shared/api/get-shared-confusion';
import { FormField, SelectControl } from '../../../shared/forms/fields';
import { studentCount } from '../../../shared/ui/SharedConfusionList';
import { msg } from '../../../i18n/msg';
import { proposedControl, shortLabel } from './noteTopics';

export interface NoteFormValues {
  body: string;
  /** '' (the note asks nothing), a confusion group's id, or OTHER_TOPIC (a topic typed). */
  addressedChoice: string;
  addressedTopic: string;
  /** '' (no control left) or a confusion group's id. */
  controlChoice: string;
  controlTopic: string;
}

export const OTHER_TOPIC = 'other';
export const TOPIC_REQUIRED = msg('Name the confusion in a few words.');

type NoteForm = UseFormReturn<NoteFormValues, unknown, Omit<NewSessionNote, 'sessionId'>>;

/**
 * "Did it work?" (docs/decisions/follow-up-checks.md): which of the session's confusions the note
 * answers, in the team's few words, and the control the next session rates beside it: the system
 * proposes the most shared group no note answered; the team may choose another, never the same.
 */
export function NoteTopicFields({ form, groups, answered }: { form: NoteForm; groups: ConfusionGroup[]; answered: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const addressedChoice = form.watch('addressedChoice');
  const controls = groups.filter((group) => group.id !== addressedChoice && !answered.has(group.id));
  const groupOption = (group: ConfusionGroup) => ({
    value: group.id,
    label: `${shortLabel(group.top.text, 60)} (${studentCount(t, group.students)})`,
  });

  const chooseAddressed = (choice: string) => {
    const group = groups.find((g) => g.id === choice);
    form.setValue('addressedChoice', choice);
    form.setValue('addressedTopic', group ? shortLabel(group.top.text) : '');
    const control = choice ? proposedControl(groups, choice, answered) : null;
    form.setValue('controlChoice', control?.id ?? '');
    form.setValue('controlTopic', control ? shortLabel(control.top.text) : '');
    form.clearErrors(['addressedTopic', 'controlTopic']);
  };
  const chooseControl = (choice: string) => {
    const group = groups.find((g) => g.id === choice);
    form.setValue('controlChoice', choice);
    form.setValue('controlTopic', group ? shortLabel(group.top.text) : '');
  };

  return (
    <>
      <FormField
        label={t('Confusion this note answers')}
        requiredIndicator={false}
        required={false}
        helperText={t("The next session's students rate how clear it is now, from 1 to 7, beside a confusion no note answered.")}
      >
        <SelectControl
          value={addressedChoice}
          onChange={(event) => chooseAddressed(event.target.value)}
          options={[
            { value: '', label: t('None: this note asks nothing') },
            ...groups.map(groupOption),
            { value: OTHER_TOPIC, label: t('Another topic') },
          ]}
        />
      </FormField>
      {addressedChoice && (
        <FormField label={t('Topic in a few words')} error={errors.addressedTopic} requiredIndicator={false}>
          <Input maxLength={80} placeholder={t('the base case')} {...form.register('addressedTopic')} />
        </FormField>
      )}
      {addressedChoice && controls.length > 0 && (
        <>
          <FormField
            label={t('Compared with')}
            requiredIndicator={false}
            helperText={t('The most shared confusion no note answered, rated on the same question by the same students.')}
          >
            <SelectControl
              value={form.watch('controlChoice')}
              onChange={(event) => chooseControl(event.target.value)}
              options={controls.map(groupOption)}
            />
          </FormField>
          <FormField label={t('Control in a few words')} error={errors.controlTopic} requiredIndicator={false}>
            <Input maxLength={80} {...form.register('controlTopic')} />
          </FormField>
        </>
      )}
      {addressedChoice && controls.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('No other confusion of this session to compare with: only this topic is asked.')}
        </Text>
      )}
    </>
  );
}
