import { Box, Card, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ERROR_COLOR } from '../../shared/ui/colors';
import { LoadingRows } from './LoadingRows';
import type { DifficultyLevel as Difficulty } from '../../shared/labels';
import { type ConfusionPattern, useConfusionPatterns } from './api/get-confusion-patterns';
import { DIFFICULTY_LABELS, DIFFICULTY_PALETTE, PATTERN_RANGES, type PatternDays, patternPalette, teachingSuggestion } from './patterns';
import { useTranslation } from 'react-i18next';

interface ConfusionPatternsProps {
  courseId?: string;
  days: PatternDays;
  onDaysChange: (days: PatternDays) => void;
}

/** The seed: the most confusing topics for 7 / 30 / 90 days, coloured by share of the top count. */
export function ConfusionPatterns({ courseId, days, onDaysChange }: ConfusionPatternsProps) {
  const { t } = useTranslation();
  const patterns = useConfusionPatterns(days, courseId);
  const rows = patterns.data ?? [];
  const highest = rows.reduce((max, row) => Math.max(max, row.count), 0);
  const suggestion = teachingSuggestion(rows, days);

  return (
    <Card.Root as="section" aria-labelledby="confusion-patterns">
      <Card.Header>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="3">
          <Heading as="h2" size="lg" id="confusion-patterns">
            {t('Top Confusion Patterns')}
          </Heading>
          <Field.Root width={{ base: 'full', sm: '44' }}>
            <Field.Label fontSize="sm">{t('Time range')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={days} onChange={(event) => onDaysChange(Number(event.target.value) as PatternDays)}>
                {PATTERN_RANGES.map((range) => (
                  <option key={range.days} value={range.days}>
                    {t(range.label)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Stack>
      </Card.Header>
      <Card.Body>
        {patterns.isLoading && <LoadingRows label={t('Loading confusion patterns')} rows={2} height="12" />}
        {patterns.isError && <Text color={ERROR_COLOR}>{t('Unable to load confusion patterns')}</Text>}
        {patterns.isSuccess && rows.length === 0 && <Text color="fg.muted">{t('No confusion reported in this period.')}</Text>}
        {rows.length > 0 && (
          <Stack gap="4">
            <Stack as="ol" gap="4" listStyleType="none">
              {rows.map((row) => (
                <PatternRow key={`${row.courseId}-${row.topic}`} row={row} highest={highest} />
              ))}
            </Stack>
            <Text fontSize="xs" color="fg.muted">
              {t('Ranked by submissions plus "Me too"s: students who said a classmate\'s confusion was theirs too.')}
            </Text>
            {suggestion && (
              <Box borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" color="blue.fg" rounded="md" p="3">
                <Text fontWeight="semibold" fontSize="sm">
                  {t('Teaching suggestion')}
                </Text>
                <Text fontSize="sm">{suggestion}</Text>
              </Box>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

const LEVELS: Difficulty[] = ['slightly', 'very', 'completely'];

function PatternRow({ row, highest }: { row: ConfusionPattern; highest: number }) {
  const { t } = useTranslation();
  const palette = patternPalette(row.count, highest);
  const width = highest > 0 ? Math.max(4, Math.round((row.count / highest) * 100)) : 0;
  const total = LEVELS.reduce((sum, level) => sum + row.difficultyDistribution[level], 0);
  return (
    <Box as="li" data-testid="confusion-pattern">
      <Stack direction="row" justify="space-between" gap="2" align="baseline">
        <Box minW="0">
          <Text fontWeight="semibold" wordBreak="break-word">
            {row.topic}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {row.course}
          </Text>
        </Box>
        <Text fontSize="sm" fontWeight="semibold" flexShrink={0}>
          {row.count} {row.count === 1 ? 'submission' : 'submissions'}
          {row.meToos > 0 && (
            <Text as="span" fontWeight="normal" color="fg.muted" data-testid="pattern-me-toos">
              {' '}
              {t('+ {{n}} "me too"', { n: row.meToos })}
            </Text>
          )}
        </Text>
      </Stack>
      <Box bg="bg.muted" rounded="full" h="2" mt="1" overflow="hidden" aria-hidden="true">
        <Box h="full" width={`${width}%`} bg={`${palette}.500`} rounded="full" data-palette={palette} />
      </Box>
      <Stack direction="row" gap="3" mt="1" wrap="wrap" fontSize="xs" color="fg.muted">
        {LEVELS.map((level) => (
          <Stack key={level} direction="row" gap="1" align="center">
            <Box boxSize="2" rounded="full" bg={`${DIFFICULTY_PALETTE[level]}.500`} aria-hidden="true" />
            <Text>
              {t(DIFFICULTY_LABELS[level])}: {row.difficultyDistribution[level]}
            </Text>
          </Stack>
        ))}
        {total > 0 && <Text srOnly>{t('of {{n}}', { n: total })}</Text>}
      </Stack>
    </Box>
  );
}
