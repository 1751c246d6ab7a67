import { Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface DistributionProps {
  title: string;
  /** Rows in display order: label and count. */
  rows: { label: string; count: number }[];
  palette: string;
}

/** A small horizontal bar chart: one bar per answer, its width the share of the answers given. */
export function Distribution({ title, rows, palette }: DistributionProps) {
  const { t } = useTranslation();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const id = `dist-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm">
      <Card.Header>
        <Heading as="h3" size="sm" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        {total === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('No answers yet')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {rows.map((row) => {
              const share = total > 0 ? row.count / total : 0;
              return (
                <Box as="li" key={row.label}>
                  <HStack justify="space-between" fontSize="sm">
                    <Text>{t(row.label)}</Text>
                    <Text fontWeight="semibold">{row.count}</Text>
                  </HStack>
                  <Box h="2" bg="bg.muted" rounded="full" aria-hidden="true">
                    <Box h="2" rounded="full" bg={`${palette}.solid`} width={`${Math.round(share * 100)}%`} />
                  </Box>
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
