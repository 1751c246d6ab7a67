import { act, render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import { KanbanBoard } from './KanbanBoard';
import { aStory } from './storyFixtures';

afterEach(() => act(() => setLanguage('en')));

const stories = [
  aStory({ title: 'As a student, I want to see the top one', status: 'in_review', iceScore: 28 }),
  aStory({ title: 'As a student, I want to see the next one', status: 'in_review', iceScore: 20, upvoteCount: 4 }),
  aStory({ title: 'As a student, I want to see a done one', status: 'done', iceScore: 25 }),
];
const LABELS = ['Submitted', 'In Review', 'Accepted', 'In Progress', 'On Hold', 'Done'];

describe('KanbanBoard', () => {
  it('has a region for each of the six statuses with its count, cards in the order given', async () => {
    const { container } = render(<KanbanBoard stories={stories} onVote={() => {}} pendingVoteId={undefined} />);
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('data-status-column'))).toEqual([
      'submitted',
      'in_review',
      'accepted',
      'in_progress',
      'on_hold',
      'done',
    ]);
    const counts = LABELS.map((name) => within(screen.getByRole('region', { name })).getByTestId('column-count').textContent);
    expect(counts).toEqual(['0', '2', '0', '0', '0', '1']);
    for (const name of LABELS) {
      const column = screen.getByRole('region', { name });
      expect(within(column).getByTestId('column-count')).toHaveTextContent(String(within(column).queryAllByRole('article').length));
    }
    const inReview = screen.getByRole('region', { name: 'In Review' });
    expect(
      within(inReview)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby') && card.textContent),
    ).toEqual([expect.stringContaining('see the top one'), expect.stringContaining('see the next one')]);
    const card = within(inReview).getByRole('article', { name: 'As a student, I want to see the next one' });
    expect(card).toHaveTextContent('ICE: 20');
    expect(within(card).getByRole('button', { name: 'Upvote, 4 votes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await expectNoSeriousA11yViolations(container);
  });

  it('gives an owner Edit and Delete on each card, and votes', async () => {
    const owner = { onEdit: vi.fn(), onDelete: vi.fn() };
    const onVote = vi.fn();
    render(<KanbanBoard stories={stories} onVote={onVote} pendingVoteId={stories[2]!.id} owner={owner} />);
    const done = within(screen.getByRole('region', { name: 'Done' })).getByRole('article');
    expect(within(done).getByTestId('upvote')).toBeDisabled();
    const top = screen.getByRole('article', { name: stories[0]!.title });
    await userEvent.click(within(top).getByRole('button', { name: 'Edit' }));
    expect(owner.onEdit).toHaveBeenCalledWith(stories[0]);
    await userEvent.click(within(top).getByRole('button', { name: 'Delete' }));
    expect(owner.onDelete).toHaveBeenCalledWith(stories[0]);
    await userEvent.click(within(top).getByRole('button', { name: /^Upvote/ }));
    expect(onVote).toHaveBeenCalledWith(stories[0]);
  });

  it('speaks Spanish', () => {
    addCatalog('es', spanish);
    act(() => setLanguage('es'));
    render(<KanbanBoard stories={stories} onVote={() => {}} pendingVoteId={undefined} />);
    for (const name of ['Enviada', 'En revisión', 'Aceptada', 'En curso', 'En pausa', 'Hecha']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });
});
