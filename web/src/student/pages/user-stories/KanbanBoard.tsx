import { useT } from '../../runtime/useT';
import { Card } from '../../ui/Card';
import { Badge, Box, Button, Flex, Grid, Heading, Stack, Text } from '../../ui/primitives';
import type { UserStory } from './api/get-user-stories';
import { STATUS_PALETTE, STORY_STATUSES, STORY_STATUS_LABELS } from './status';
import type { OwnerActions } from './StoryCard';
import { UpvoteButton } from './UpvoteButton';

interface KanbanBoardProps {
  stories: UserStory[];
  onVote: (story: UserStory) => void;
  pendingVoteId: string | undefined;
  owner?: Pick<OwnerActions, 'onEdit' | 'onDelete'>;
}

/** One 500 px column per status (six), each with its count; cards keep the list's ICE order. */
export function KanbanBoard({ stories, onVote, pendingVoteId, owner }: KanbanBoardProps) {
  const { t } = useT();
  return (
    <Grid gridTemplateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' }} gap="3">
      {STORY_STATUSES.map((status) => {
        const column = stories.filter((story) => story.status === status);
        const headingId = `kanban-${status}`;
        return (
          <Box
            as="section"
            key={status}
            aria-labelledby={headingId}
            data-status-column={status}
            borderWidth="1px"
            borderRadius="md"
            bg="bg.subtle"
            display="flex"
            flexDirection="column"
            h="500px"
            minW="0"
          >
            <Flex align="center" justify="space-between" gap="2" p="3" borderBottomWidth="1px">
              <Heading as="h3" size="sm" id={headingId}>
                {t(STORY_STATUS_LABELS[status])}
              </Heading>
              <Badge className={STATUS_PALETTE[status]} variant="solid" data-testid="column-count">
                {column.length}
              </Badge>
            </Flex>
            <Stack gap="2" p="2" overflowY="auto" flex="1">
              {column.map((story) => (
                <Card.Root as="article" key={story.id} size="sm" variant="elevated" aria-labelledby={`kanban-${story.id}-title`}>
                  <Card.Body gap="2" p="3">
                    <Text fontWeight="medium" fontSize="sm" id={`kanban-${story.id}-title`}>
                      {story.title}
                    </Text>
                    <Flex gap="2" align="center" wrap="wrap">
                      <UpvoteButton story={story} onVote={onVote} pending={pendingVoteId === story.id} compact place="kanban" />
                      <Text fontSize="sm" fontWeight="semibold" ms="auto">
                        {t('ICE: {{score}}', { score: story.iceScore })}
                      </Text>
                    </Flex>
                    {owner && (
                      <Flex gap="2">
                        <Button size="xs" variant="outline" onClick={() => owner.onEdit(story)}>
                          {t('Edit')}
                        </Button>
                        <Button size="xs" variant="outline" colorPalette="red" onClick={() => owner.onDelete(story)}>
                          {t('Delete')}
                        </Button>
                      </Flex>
                    )}
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          </Box>
        );
      })}
    </Grid>
  );
}
