import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import type { LiveSnapshot } from '../api/get-live-session';
import { useTranslation } from 'react-i18next';
import { averageTexts } from '../averageTexts';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** Responses so far, mean clarity (of 7) and confidence (%) of session feedback, and quick reports. */
export function LiveStats({ live }: { live: LiveSnapshot }) {
  const { t } = useTranslation();
  const averages = averageTexts(t, live);
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label={t('Live figures')} role="group">
      <Stat
        label={t('Responses')}
        value={live.responses === 1 ? t('{{n}} response', { n: 1 }) : t('{{n}} responses', { n: live.responses })}
        testId="live-responses"
      />
      <Stat label={t('Average clarity')} value={averages.clarity} testId="live-clarity" />
      <Stat label={t('Average confidence')} value={averages.confidence} testId="live-confidence" />
      <Stat label={t('Quick reports')} value={String(live.quickCount)} testId="live-quick" />
    </SimpleGrid>
  );
}
