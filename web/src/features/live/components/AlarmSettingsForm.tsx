import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from '../../../shared/translatedResolver';
import { useForm } from 'react-hook-form';
import { refusalMessage } from '../../../shared/errorMessage';
import { ERROR_COLOR } from '../../../shared/ui/colors';
import { toaster } from '../../../shared/ui/toaster';
import type { LiveAlarm } from '../api/get-live-session';
import { type AlarmSettings, alarmSettingsSchema, useUpdateAlarmSettings } from '../api/update-alarm-settings';
import { useTranslation } from 'react-i18next';

/** The thresholds of this course's confusion alarm (defaults: 10 minutes, 5 responses, 30 %). */
export function AlarmSettingsForm({ courseId, alarm }: { courseId: string; alarm: LiveAlarm }) {
  const { t } = useTranslation();
  const update = useUpdateAlarmSettings();
  const form = useForm<AlarmSettings>({
    resolver: translated(zodResolver(alarmSettingsSchema)) as never,
    defaultValues: { windowMinutes: alarm.windowMinutes, minResponses: alarm.minResponses, lostPercent: Math.round(alarm.threshold * 100) },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (settings) => {
    try {
      await update.mutateAsync({ courseId, settings });
      toaster.create({ type: 'success', title: t('Success'), description: t('Alarm settings saved') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('Error'), description: refusalMessage(error, t('Failed to save alarm settings')) });
    }
  });
  const field = (name: keyof AlarmSettings, label: string) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>{label}</Field.Label>
      <Input type="number" inputMode="numeric" {...form.register(name)} />
      <Field.ErrorText color={ERROR_COLOR}>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('Alarm settings')}>
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t(
            'The banner shows when, among the responses of the last minutes below (at least the number below), the share that are completely lost or rate clarity 1–2 reaches the percentage below.',
          )}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          {field('windowMinutes', 'Minutes')}
          {field('minResponses', 'Minimum responses')}
          {field('lostPercent', 'Lost share (%)')}
        </SimpleGrid>
        <Button type="submit" size="sm" variant="outline" alignSelf="flex-start" loading={update.isPending}>
          {t('Save alarm settings')}
        </Button>
      </Stack>
    </form>
  );
}
