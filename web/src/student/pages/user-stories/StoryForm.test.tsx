import { act, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { ApiError } from '../../../lib/errors';
import Toaster from '../../ui/Toaster.island';
import { createUserStory } from './api/create-user-story';
import { getSimilarStories } from './api/get-similar-stories';
import { updateUserStory } from './api/update-user-story';
import { aStory, dismissAllToasts } from './storyFixtures';
import { StoryForm } from './StoryForm';

vi.mock('./api/create-user-story', () => ({ createUserStory: vi.fn() }));
vi.mock('./api/update-user-story', () => ({ updateUserStory: vi.fn() }));
vi.mock('./api/get-similar-stories', () => ({ MIN_WANT: 3, getSimilarStories: vi.fn().mockResolvedValue([]) }));

beforeEach(() => {
  vi.mocked(createUserStory).mockReset();
  vi.mocked(updateUserStory).mockReset();
  vi.mocked(getSimilarStories).mockReset().mockResolvedValue([]);
});
afterEach(() => {
  dismissAllToasts();
  act(() => setLanguage('en'));
});

function renderForm(story: Parameters<typeof StoryForm>[0]['story'] = null) {
  const onDone = vi.fn();
  render(
    <>
      <StoryForm story={story} onDone={onDone} boardVersion={0} />
      <Toaster />
    </>,
  );
  return { onDone, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);
const slider = (name: string) => screen.getByRole('slider', { name });

async function fillParts(user: ReturnType<typeof userEvent.setup>, role: string, want: string, benefit: string) {
  await user.selectOptions(field('As a...'), role);
  await user.type(field('I want to...'), want);
  await user.type(field('So that...'), benefit);
}

async function expectToast(title: string, description: string) {
  const toast = await screen.findByRole('status', { name: title });
  expect(toast).toHaveTextContent(description);
}

describe('StoryForm', () => {
  it('starts blank, its scores at 5/5/5 and its ICE score 15, with no preview', () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Submit User Story' })).toBeInTheDocument();
    expect(field('As a...')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Select a role' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toContain('app administrator/owner');
    expect(field('I want to...')).toHaveAttribute('placeholder', 'e.g. see which topics confused my class');
    expect(field('So that...')).toHaveAttribute('placeholder', 'e.g. I can plan a review session');
    expect(field('Your Name (Optional)')).toHaveAttribute('placeholder', 'Leave blank to remain anonymous');
    for (const name of ['Impact', 'Confidence', 'Ease']) expect(slider(name)).toHaveAttribute('aria-valuenow', '5');
    expect(screen.getByTestId('ice-preview')).toHaveTextContent('ICE Score: 15');
    expect(screen.queryByTestId('story-preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Story' })).toBeInTheDocument();
  });

  it('previews the sentence once its three parts are filled, and sums the sliders into the ICE score', async () => {
    const { user } = renderForm();
    await user.selectOptions(field('As a...'), 'teaching assistant');
    await user.type(field('I want to...'), 'compare  terms');
    expect(screen.queryByTestId('story-preview')).toBeNull();
    await user.type(field('So that...'), 'I help sooner.');
    expect(screen.getByTestId('story-preview')).toHaveTextContent(
      'PreviewAs a teaching assistant, I want to compare terms, so that I help sooner.',
    );
    slider('Impact').focus();
    await user.keyboard('{End}');
    slider('Ease').focus();
    await user.keyboard('{Home}{ArrowRight}');
    expect(screen.getByTestId('ice-preview')).toHaveTextContent('ICE Score: 17');
  });

  it('marks a missing part and says so in the "Validation Error" toast, sending nothing', async () => {
    const { user, onDone } = renderForm();
    await user.type(field('I want to...'), 'get reminders');
    await user.type(field('So that...'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await expectToast('Validation Error', 'Please fill in all required fields');
    expect(field('As a...')).toHaveAttribute('aria-invalid', 'true');
    expect(field('So that...')).toHaveAttribute('aria-invalid', 'true');
    expect(field('I want to...')).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(field('As a...'), 'student');
    expect(field('As a...')).not.toHaveAttribute('aria-invalid');
    expect(createUserStory).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says so for each missing part in turn, the role alone and then a blank "So that...", and stays open unsent', async () => {
    const { user, onDone } = renderForm();
    await user.type(field('I want to...'), 'get reminders');
    await user.type(field('So that...'), 'nothing is sent');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await expectToast('Validation Error', 'Please fill in all required fields');
    dismissAllToasts();

    await user.selectOptions(field('As a...'), 'student');
    await user.clear(field('So that...'));
    await user.type(field('So that...'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await expectToast('Validation Error', 'Please fill in all required fields');
    expect(createUserStory).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Submit User Story' })).toBeInTheDocument();
  });

  it('lists the similar stories already on the board as the want is typed, and none for a want under three characters', async () => {
    vi.mocked(getSimilarStories).mockResolvedValue([
      { id: 'seed', title: 'As a professor, I want to export feedback to a spreadsheet', iceScore: 26, status: 'done' },
    ]);
    const { user } = renderForm();
    await user.type(field('I want to...'), 'export the feedback to a spreadsheet');
    const similar = await screen.findByRole('region', { name: /Similar stories already on the board/ });
    expect(getSimilarStories).toHaveBeenLastCalledWith('export the feedback to a spreadsheet');
    expect(similar).toHaveTextContent('As a professor, I want to export feedback to a spreadsheet');
    expect(within(similar).getAllByRole('listitem').length).toBeLessThanOrEqual(5);

    await user.clear(field('I want to...'));
    await user.type(field('I want to...'), 'zq');
    await waitFor(() => expect(screen.queryByRole('region', { name: /Similar stories already on the board/ })).toBeNull());
  });

  it('refuses a story the server would refuse as too long, in its words', async () => {
    const { user } = renderForm();
    await fillParts(user, 'student', 'x'.repeat(300), 'y');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await expectToast('Validation Error', 'The story is too long');
    expect(createUserStory).not.toHaveBeenCalled();
  });

  it('sends the built story, then is done', async () => {
    vi.mocked(createUserStory).mockResolvedValueOnce(aStory());
    const { user, onDone } = renderForm();
    await fillParts(user, 'partner', 'embed the form', 'we stay in sync');
    await user.type(field('Your Name (Optional)'), '  Alex  ');
    slider('Confidence').focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    expect(createUserStory).toHaveBeenCalledWith({
      title: 'As a partner, I want to embed the form',
      description: 'As a partner, I want to embed the form, so that we stay in sync.',
      submittedBy: 'Alex',
      impact: 5,
      confidence: 3,
      ease: 5,
    });
    await expectToast('Success', 'User story submitted successfully!');
    expect(onDone).toHaveBeenCalledWith(true);
  });

  it('keeps what was typed when the story could not be sent', async () => {
    vi.mocked(createUserStory).mockRejectedValueOnce(new ApiError(500, 'Server error'));
    const { user, onDone } = renderForm();
    await fillParts(user, 'student', 'see my feedback', 'I learn');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await expectToast('Error', 'Failed to submit user story');
    expect(onDone).not.toHaveBeenCalled();
    expect(field('I want to...')).toHaveValue('see my feedback');
    expect(screen.getByRole('button', { name: 'Submit Story' })).toBeEnabled();
    expect(vi.mocked(createUserStory).mock.calls[0]?.[0].submittedBy).toBeNull();
  });

  it('is done, unsent, with Cancel', async () => {
    const { user, onDone } = renderForm();
    await user.type(field('I want to...'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('edits a story prefilled from its description, and updates it', async () => {
    vi.mocked(updateUserStory).mockResolvedValueOnce(aStory());
    const story = aStory({
      id: 'edited',
      title: 'As a partner, I want to merge, split and tag stories',
      description: 'As a partner, I want to merge, split and tag stories, so that the board stays tidy.',
      submittedBy: 'Sam',
      impact: 10,
      confidence: 10,
      ease: 9,
    });
    const { user, onDone } = renderForm(story);
    expect(screen.getByRole('heading', { name: 'Edit User Story' })).toBeInTheDocument();
    expect(field('As a...')).toHaveValue('partner');
    expect(field('I want to...')).toHaveValue('merge, split and tag stories');
    expect(field('So that...')).toHaveValue('the board stays tidy');
    expect(field('Your Name (Optional)')).toHaveValue('Sam');
    expect(slider('Ease')).toHaveAttribute('aria-valuenow', '9');
    expect(screen.getByTestId('ice-preview')).toHaveTextContent('ICE Score: 29');
    await user.clear(field('So that...'));
    await user.type(field('So that...'), 'we never duplicate work');
    await user.click(screen.getByRole('button', { name: 'Update Story' }));
    expect(updateUserStory).toHaveBeenCalledWith({
      id: 'edited',
      changes: expect.objectContaining({
        description: 'As a partner, I want to merge, split and tag stories, so that we never duplicate work.',
      }),
    });
    await expectToast('Success', 'User story updated successfully!');
    expect(onDone).toHaveBeenCalledWith(true);
  });

  it('leaves the three parts blank when the description does not parse', () => {
    renderForm(aStory({ description: 'Make the board faster please' }));
    expect(field('As a...')).toHaveValue('');
    expect(field('I want to...')).toHaveValue('');
    expect(field('So that...')).toHaveValue('');
  });

  it('speaks Spanish', async () => {
    addCatalog('es', spanish);
    act(() => setLanguage('es'));
    const { user } = renderForm();
    expect(screen.getByRole('heading', { name: 'Enviar historia de usuario' })).toBeInTheDocument();
    for (const label of ['Como...', 'Quiero...', 'Para...', 'Tu nombre (opcional)']) expect(field(label)).toBeInTheDocument();
    for (const name of ['Impacto', 'Confianza', 'Facilidad']) expect(slider(name)).toBeInTheDocument();
    expect(screen.getByTestId('ice-preview')).toHaveTextContent('Puntuación ICE: 15');
    await user.click(screen.getByRole('button', { name: 'Enviar historia' }));
    await expectToast('Error de validación', 'Completa todos los campos obligatorios');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });
});
