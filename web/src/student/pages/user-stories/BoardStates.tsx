import type { ReactNode } from 'react';
import { useT } from '../../runtime/useT';
import { Alert } from '../../ui/Alert';
import { Box, Button, Flex, Spinner, Stack, Text } from '../../ui/primitives';

// The list view's scrolling box and the states that stand in its place, the same in both views.

/** The list view's scrolling box of cards (the seed's 600 px scroll area). */
export function StoryList({ children }: { children?: ReactNode }) {
  return (
    <Box h="600px" overflowY="auto" borderWidth="1px" borderRadius="md" p={{ base: '2', md: '3' }} data-testid="story-list">
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}

/**
 * The loading line in a box of the list's own size: it is the page's first screen (in its HTML),
 * so nothing moves when the stories arrive.
 */
export function LoadingStories() {
  const { t } = useT();
  return (
    <Flex role="status" align="flex-start" justify="center" gap="3" py="16" color="fg.muted" h="600px" borderWidth="1px" borderRadius="md">
      <Spinner size="sm" />
      <Text>{t('Loading user stories...')}</Text>
    </Flex>
  );
}

/** The board's read failed: says so, with "Try again" (busy while it reads again). */
export function StoriesFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useT();
  return (
    <Alert.Root status="error" alignItems="center" my="6">
      <Alert.Indicator />
      <Alert.Title flex="1">{t('Failed to load user stories')}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        {t('Try again')}
      </Button>
    </Alert.Root>
  );
}

/** The board without a story. */
export function NoStoriesYet() {
  const { t } = useT();
  return (
    <Text textAlign="center" py="16" color="fg.muted">
      {t('No user stories yet. Be the first to submit one!')}
    </Text>
  );
}
