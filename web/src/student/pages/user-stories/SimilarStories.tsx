import { useRef } from 'react';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { Box, Flex, Stack, Text } from '../../ui/primitives';
import { MIN_WANT, type SimilarStory, getSimilarStories } from './api/get-similar-stories';
import { StatusBadge } from './StatusBadge';
import { useDebouncedValue } from './useDebouncedValue';

interface SimilarStoriesProps {
  want: string;
  /** The story being edited, which resembles itself. */
  excludeId?: string;
  /** Changes when the board changed: the lists are read again. */
  boardVersion: number;
}

/** Up to five existing stories like the one being typed, so people vote instead of duplicating. */
export function SimilarStories({ want, excludeId, boardVersion }: SimilarStoriesProps) {
  const { t } = useT();
  const settled = useDebouncedValue(want.trim());
  const enabled = settled.length >= MIN_WANT;
  const read = useRead(`${boardVersion}:${settled}`, () => getSimilarStories(settled), { enabled });
  // The previous list stays while the next one is read.
  const last = useRef<SimilarStory[]>([]);
  if (read.status === 'success') last.current = read.data;
  const similar = enabled ? last.current.filter((story) => story.id !== excludeId).slice(0, 5) : [];
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
