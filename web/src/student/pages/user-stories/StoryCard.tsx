import { css } from 'styled-system/css';
import { useT } from '../../runtime/useT';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Field';
import { Badge, Button, Flex, Heading, Text } from '../../ui/primitives';
import type { StoryStatus, UserStory } from './api/get-user-stories';
import { STORY_STATUSES, STORY_STATUS_LABELS } from './status';
import { StatusBadge } from './StatusBadge';
import { UpvoteButton } from './UpvoteButton';

export interface OwnerActions {
  onStatusChange: (story: UserStory, status: StoryStatus) => void;
  onEdit: (story: UserStory) => void;
  onMerge: (story: UserStory) => void;
  onDelete: (story: UserStory) => void;
}

interface StoryCardProps {
  story: UserStory;
  onVote: (story: UserStory) => void;
  votePending: boolean;
  /** Present in Owner Mode only. */
  owner?: OwnerActions;
}

/** A story in the list: every field of the seed's card, and the owner's controls in Owner Mode. */
export function StoryCard({ story, onVote, votePending, owner }: StoryCardProps) {
  const { t } = useT();
  const titleId = `story-${story.id}-title`;
  return (
    <Card.Root as="article" aria-labelledby={titleId} id={`story-${story.id}`} variant="outline" size="sm" data-story-id={story.id}>
      <Card.Body gap="3">
        <Flex gap="3" align="flex-start" justify="space-between" wrap="wrap">
          <Heading as="h3" size="md" id={titleId} flex="1" minW="12rem">
            {story.title}
          </Heading>
          <StatusBadge status={story.status} />
        </Flex>
        <Text color="fg.muted">{story.description}</Text>
        {story.submittedBy && <Text fontSize="sm">{t('Submitted by {{name}}', { name: story.submittedBy })}</Text>}
        <Flex gap="2" align="center" wrap="wrap">
          <UpvoteButton story={story} onVote={onVote} pending={votePending} place="list" />
          <Badge variant="outline">{t('Impact: {{n}}', { n: story.impact })}</Badge>
          <Badge variant="outline">{t('Confidence: {{n}}', { n: story.confidence })}</Badge>
          <Badge variant="outline">{t('Ease: {{n}}', { n: story.ease })}</Badge>
          <Text fontWeight="semibold" ms="auto" data-testid="ice-score">
            {t('ICE Score: {{score}}', { score: story.iceScore })}
          </Text>
        </Flex>
        {owner && (
          <Flex gap="2" align="center" wrap="wrap" borderTopWidth="1px" pt="3">
            <Select
              size="sm"
              width="auto"
              className={css({ minW: '10rem' })}
              aria-label={t('Status of "{{title}}"', { title: story.title })}
              value={story.status}
              onChange={(event) => owner.onStatusChange(story, event.currentTarget.value as StoryStatus)}
              options={STORY_STATUSES.map((status) => ({ value: status, label: t(STORY_STATUS_LABELS[status]) }))}
            />
            <Button size="sm" variant="outline" onClick={() => owner.onEdit(story)}>
              {t('Edit')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => owner.onMerge(story)}>
              {t('Merge')}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => owner.onDelete(story)}>
              {t('Delete')}
            </Button>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}
