import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import type { LiveSnapshot } from '../api/get-live-session';

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
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Live figures" role="group">
      <Stat label="Responses" value={`${live.responses} ${live.responses === 1 ? 'response' : 'responses'}`} testId="live-responses" />
      <Stat
        label="Average clarity"
        value={live.meanClarity === null ? '–' : `${live.meanClarity.toFixed(1)} of 7`}
        testId="live-clarity"
      />
      <Stat
        label="Average confidence"
        value={live.meanConfidence === null ? '–' : `${Math.round(live.meanConfidence)}%`}
        testId="live-confidence"
      />
      <Stat label="Quick reports" value={String(live.quickCount)} testId="live-quick" />
    </SimpleGrid>
  );
}
