import { Box, Grid, Text } from '@chakra-ui/react';
import { Fragment } from 'react';

export interface DistributionItem {
  label: string;
  count: number;
}

/**
 * A small bar chart of one distribution (Session Insights' pace and challenge), drawn with CSS: a
 * row per answer, its label, its bar and its count, so no label is ever squeezed. A session card
 * holds two, and the dashboard a card for each of six class sessions: drawn by a charting library,
 * they were a third of the dashboard's main-thread time (docs/decisions/professor-screens.md,
 * "Session Insights charts").
 */
export function DistributionChart({ title, data, color }: { title: string; data: DistributionItem[]; color: string }) {
  const largest = Math.max(0, ...data.map((item) => item.count));
  const description = `${title}: ${data.map((item) => `${item.label} ${item.count}`).join(', ')}`;
  return (
    <Box minW="0">
      <Text fontSize="xs" fontWeight="semibold" mb="1">
        {title}
      </Text>
      <Grid role="img" aria-label={description} templateColumns="auto minmax(0, 1fr) auto" columnGap="2" rowGap="1" alignItems="center">
        {data.map((item) => (
          <Fragment key={item.label}>
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
              {item.label}
            </Text>
            <Box height="2.5" bg="bg.muted" rounded="xs">
              <Box
                data-part="bar"
                height="full"
                bg={color}
                rounded="xs"
                style={{ width: `${largest === 0 ? 0 : Math.round((item.count / largest) * 100)}%` }}
              />
            </Box>
            <Text fontSize="xs" textAlign="end">
              {item.count}
            </Text>
          </Fragment>
        ))}
      </Grid>
    </Box>
  );
}
