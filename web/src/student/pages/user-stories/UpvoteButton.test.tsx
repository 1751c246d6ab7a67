import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import { aStory } from './storyFixtures';
import { OPEN_DELAY } from './Tooltip';
import { UpvoteButton } from './UpvoteButton';

afterEach(() => {
  vi.useRealTimers();
  act(() => setLanguage('en'));
});

async function hover(button: HTMLElement) {
  vi.useFakeTimers();
  fireEvent.pointerEnter(button, { pointerType: 'mouse' });
  await act(() => {
    vi.advanceTimersByTime(OPEN_DELAY);
  });
}

describe('UpvoteButton', () => {
  it('reads "Upvote, N votes", shows the count, and is not pressed before this browser votes', () => {
    render(<UpvoteButton story={aStory({ upvoteCount: 2 })} onVote={() => {}} pending={false} place="list" />);
    const button = screen.getByRole('button', { name: 'Upvote, 2 votes' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('upvote-count')).toHaveTextContent('2');
  });

  it('is pressed once this browser has voted, and says "vote" for one', () => {
    render(<UpvoteButton story={aStory({ upvoteCount: 1, hasUpvoted: true })} onVote={() => {}} pending={false} place="list" />);
    expect(screen.getByRole('button', { name: 'Upvote, 1 vote' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('votes when pressed, and is busy while the vote is sent', () => {
    const onVote = vi.fn();
    const story = aStory();
    const { rerender } = render(<UpvoteButton story={story} onVote={onVote} pending={false} place="list" />);
    fireEvent.click(screen.getByTestId('upvote'));
    expect(onVote).toHaveBeenCalledWith(story);
    rerender(<UpvoteButton story={story} onVote={onVote} pending place="list" />);
    expect(screen.getByTestId('upvote')).toBeDisabled();
    expect(screen.getByTestId('upvote-count')).toHaveTextContent('0');
  });

  it('says what pressing it does in its tooltip', async () => {
    const { rerender } = render(<UpvoteButton story={aStory()} onVote={() => {}} pending={false} place="list" />);
    await hover(screen.getByTestId('upvote'));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Vote for this story');
    rerender(<UpvoteButton story={aStory({ hasUpvoted: true, upvoteCount: 1 })} onVote={() => {}} pending={false} place="list" />);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Remove your vote');
    // The open tooltip (in the page's body) and the button it describes.
    vi.useRealTimers();
    await expectNoSeriousA11yViolations(document.body);
  });

  it('speaks Spanish', async () => {
    addCatalog('es', spanish);
    act(() => setLanguage('es'));
    render(<UpvoteButton story={aStory({ upvoteCount: 3 })} onVote={() => {}} pending={false} place="kanban" compact />);
    expect(screen.getByRole('button', { name: 'Votar, 3 votos' })).toBeInTheDocument();
    await hover(screen.getByTestId('upvote'));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Votar por esta historia');
  });
});
