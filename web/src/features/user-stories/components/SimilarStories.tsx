import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useSimilarStories } from '../api/get-similar-stories';
import { useDebouncedValue } from '../useDebouncedValue';
import { StatusBadge } from './StatusBadge';
import { useTranslation } from 'react-i18next';

interface SimilarStoriesProps {
  want: string;
  /** The story being edited, which resembles itself. */
  excludeId?: string;
}

/** Up to five existing stories like the one being typed, so people vote instead of duplicating. */
export function SimilarStories({ want, excludeId }: SimilarStoriesProps) {
  const { t } = useTranslation();
  const settled = useDebouncedValue(want.trim());
  const { data } = useSimilarStories(settled);
  const similar = settled.length >= 3 ? (data ?? []).filter((story) => story.id !== excludeId).slice(0, 5) : [];
  if (similar.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="similar-stories-title" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <Text id="similar-stories-title" fontWeight="medium" fontSize="sm" mb="2">
        {t('Similar stories already on the board: consider voting for one of them instead.')}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" ps="0" m="0">
        {similar.map((story) => (
          <Box as="li" key={story.id}>
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontSize="sm" flex="1" minW="0">
                {story.title}
              </Text>
              <StatusBadge status={story.status} />
              <Text fontSize="xs" color="fg.muted">
                {t('ICE {{score}}', { score: story.iceScore })}
              </Text>
            </Flex>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
