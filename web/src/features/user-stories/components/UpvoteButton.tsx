import { Button, VisuallyHidden } from '@chakra-ui/react';
import type { UserStory } from '../api/get-user-stories';
import { Tooltip } from '../../../shared/ui/Tooltip';
import { votesWord } from '../storyOrder';
import { useTranslation } from 'react-i18next';

interface UpvoteButtonProps {
  story: UserStory;
  onVote: (story: UserStory) => void;
  pending: boolean;
  size?: 'xs' | 'sm';
}

/**
 * Toggles this browser's vote; pressed while it counts. Its name reads "Upvote, N votes"; the
 * tooltip (the seed's 700 ms open delay) says what pressing it does, since it shows only an arrow.
 */
export function UpvoteButton({ story, onVote, pending, size = 'sm' }: UpvoteButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip content={story.hasUpvoted ? t('Remove your vote') : t('Vote for this story')}>
      <Button
        size={size}
        variant={story.hasUpvoted ? 'solid' : 'outline'}
        colorPalette="blue"
        aria-pressed={story.hasUpvoted}
        loading={pending}
        onClick={() => onVote(story)}
        data-testid="upvote"
      >
        <svg
          aria-hidden="true"
          focusable="false"
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 19V5M5 12l7-7 7 7" />
        </svg>
        <VisuallyHidden>{t('Upvote,')}</VisuallyHidden>
        <span data-testid="upvote-count">{story.upvoteCount}</span>
        <VisuallyHidden>{votesWord(story.upvoteCount)}</VisuallyHidden>
      </Button>
    </Tooltip>
  );
}
