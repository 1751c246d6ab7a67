import { act, render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { type OwnerActions, StoryCard } from './StoryCard';
import { aStory } from './storyFixtures';

afterEach(() => act(() => setLanguage('en')));

const story = aStory({
  title: 'As a professor, I want to export feedback',
  description: 'As a professor, I want to export feedback, so that I can share it.',
  submittedBy: 'Prof. Chen',
  status: 'in_progress',
  impact: 8,
  confidence: 9,
  ease: 7,
  iceScore: 24,
  upvoteCount: 3,
});

function owner(): OwnerActions {
  return { onStatusChange: vi.fn(), onEdit: vi.fn(), onMerge: vi.fn(), onDelete: vi.fn() };
}

describe('StoryCard', () => {
  it("shows every field of the seed's card, named by its title", () => {
    render(<StoryCard story={story} onVote={() => {}} votePending={false} />);
    const card = screen.getByRole('article', { name: story.title });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(story.title);
    expect(card).toHaveTextContent(story.description);
    expect(card).toHaveTextContent('Submitted by Prof. Chen');
    expect(within(card).getByText('In Progress')).toHaveAttribute('data-status', 'in_progress');
    for (const text of ['Impact: 8', 'Confidence: 9', 'Ease: 7']) expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByTestId('ice-score')).toHaveTextContent('ICE Score: 24');
    expect(within(card).getByRole('button', { name: 'Upvote, 3 votes' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(card).queryByRole('combobox')).toBeNull();
  });

  it('leaves the submitter out when there is none', () => {
    render(<StoryCard story={{ ...story, submittedBy: null }} onVote={() => {}} votePending={false} />);
    expect(screen.queryByText(/Submitted by/)).toBeNull();
  });

  it('votes with its upvote button', async () => {
    const onVote = vi.fn();
    render(<StoryCard story={story} onVote={onVote} votePending={false} />);
    await userEvent.click(screen.getByRole('button', { name: /^Upvote/ }));
    expect(onVote).toHaveBeenCalledWith(story);
  });

  it('gives an owner the status dropdown, Edit, Merge and Delete', async () => {
    const user = userEvent.setup();
    const actions = owner();
    render(<StoryCard story={story} onVote={() => {}} votePending={false} owner={actions} />);
    const status = screen.getByRole('combobox', { name: `Status of "${story.title}"` });
    expect(status).toHaveValue('in_progress');
    expect([...status.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Submitted',
      'In Review',
      'Accepted',
      'In Progress',
      'On Hold',
      'Done',
    ]);
    await user.selectOptions(status, 'done');
    expect(actions.onStatusChange).toHaveBeenCalledWith(story, 'done');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(actions.onEdit).toHaveBeenCalledWith(story);
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(actions.onMerge).toHaveBeenCalledWith(story);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(actions.onDelete).toHaveBeenCalledWith(story);
  });

  it('speaks Spanish', () => {
    addCatalog('es', spanish);
    act(() => setLanguage('es'));
    render(<StoryCard story={{ ...story, upvoteCount: 1 }} onVote={() => {}} votePending={false} owner={owner()} />);
    const card = screen.getByRole('article', { name: story.title });
    expect(card).toHaveTextContent('Enviada por Prof. Chen');
    expect(card.querySelector('[data-status]')).toHaveTextContent('En curso');
    for (const text of ['Impacto: 8', 'Confianza: 9', 'Facilidad: 7']) expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByTestId('ice-score')).toHaveTextContent('Puntuación ICE: 24');
    expect(within(card).getByRole('button', { name: 'Votar, 1 voto' })).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: `Estado de "${story.title}"` })).toBeInTheDocument();
    for (const name of ['Editar', 'Fusionar', 'Eliminar']) expect(within(card).getByRole('button', { name })).toBeInTheDocument();
  });
});
