import { Checkbox } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** This device's choice to sound a short tone with the alarm's notification (not a course setting). */
export function AlarmSoundSetting({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Root size="sm" checked={on} onCheckedChange={(details) => onChange(details.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{t('Play a short sound with the alarm when this page is not in view (this device only)')}</Checkbox.Label>
    </Checkbox.Root>
  );
}
