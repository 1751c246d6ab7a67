import { act, render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { ApiError } from '../../../lib/errors';
import Toaster from '../../ui/Toaster.island';
import type { UserStory } from './api/get-user-stories';
import { mergeUserStories } from './api/merge-user-stories';
import { MergeDialogs } from './MergeDialogs';
import { aStory, dismissAllToasts } from './storyFixtures';

vi.mock('./api/merge-user-stories', () => ({ mergeUserStories: vi.fn() }));

const keep = aStory({ title: 'As a student, I want to keep this', upvoteCount: 5, iceScore: 26 });
const duplicate = aStory({ title: 'As a student, I want to merge this', upvoteCount: 1, iceScore: 23 });
const third = aStory({ title: 'As a student, I want to leave this', upvoteCount: 0, iceScore: 12 });

function Board({ stories = [keep, duplicate, third], onMerged = () => {} }: { stories?: UserStory[]; onMerged?: () => void }) {
  const [source, setSource] = useState<UserStory | null>(stories[0] ?? null);
  return (
    <>
      <MergeDialogs source={source} stories={stories} onClose={() => setSource(null)} onMerged={onMerged} />
      <Toaster />
    </>
  );
}

beforeEach(() => vi.mocked(mergeUserStories).mockReset());
afterEach(() => {
  dismissAllToasts();
  act(() => setLanguage('en'));
});

const picker = () => screen.queryByRole('dialog', { name: 'Select Story to Merge With' });
const confirm = () => screen.queryByRole('dialog', { name: 'Merge User Stories' });

describe('MergeDialogs', () => {
  it('first lists the other stories in a scrolling picker, with their votes and ICE', () => {
    render(<Board />);
    const dialog = picker()!;
    expect(dialog).toHaveAccessibleDescription(`Choose the story that duplicates “${keep.title}”.`);
    const list = within(dialog).getByTestId('merge-picker');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: new RegExp(keep.title) })).toBeNull();
    expect(within(list).getByRole('button', { name: new RegExp(duplicate.title) })).toHaveTextContent('1 vote · ICE 23');
    expect(within(list).getByRole('button', { name: new RegExp(third.title) })).toHaveTextContent('0 votes · ICE 12');
  });

  it('says when there is no other story', () => {
    render(<Board stories={[keep]} />);
    expect(within(picker()!).getByText('There are no other stories to merge with.')).toBeInTheDocument();
    expect(screen.queryByTestId('merge-picker')).toBeNull();
  });

  it('then asks which story to keep, and merges the other into it', async () => {
    const onMerged = vi.fn();
    vi.mocked(mergeUserStories).mockResolvedValueOnce(keep);
    const user = userEvent.setup();
    render(<Board onMerged={onMerged} />);
    await user.click(within(picker()!).getByRole('button', { name: new RegExp(duplicate.title) }));
    expect(picker()).toBeNull();
    const dialog = confirm()!;
    expect(dialog).toHaveAccessibleDescription(/Choose which story to keep as the primary/);
    expect(dialog).toHaveTextContent('5 votes · ICE 26');
    expect(within(dialog).getAllByRole('button', { name: /as primary$/ })).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: `Keep “${duplicate.title}” as primary` }));
    expect(mergeUserStories).toHaveBeenCalledWith({ keepId: duplicate.id, mergeId: keep.id });
    expect(await screen.findByRole('status', { name: 'Success' })).toHaveTextContent('User stories merged successfully!');
    expect(confirm()).toBeNull();
    expect(onMerged).toHaveBeenCalledTimes(1);
  });

  it('stays open when the merge fails, its toast closable, and Cancel closes it', async () => {
    const onMerged = vi.fn();
    vi.mocked(mergeUserStories).mockRejectedValueOnce(new ApiError(403, 'Forbidden'));
    const user = userEvent.setup();
    render(<Board onMerged={onMerged} />);
    await user.click(within(picker()!).getByRole('button', { name: new RegExp(duplicate.title) }));
    await user.click(within(confirm()!).getByRole('button', { name: `Keep “${keep.title}” as primary` }));
    expect(await screen.findByRole('status', { name: 'Error' })).toHaveTextContent('Failed to merge user stories');
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(confirm()).not.toBeNull();
    expect(onMerged).not.toHaveBeenCalled();
    await user.click(within(confirm()!).getByRole('button', { name: 'Cancel' }));
    expect(confirm()).toBeNull();
    expect(picker()).toBeNull();
  });

  it('closes the picker with Cancel', async () => {
    render(<Board />);
    await userEvent.click(within(picker()!).getByRole('button', { name: 'Cancel' }));
    expect(picker()).toBeNull();
  });

  it('speaks Spanish', async () => {
    addCatalog('es', spanish);
    act(() => setLanguage('es'));
    render(<Board />);
    const dialog = screen.getByRole('dialog', { name: 'Selecciona la historia con la que fusionar' });
    expect(dialog).toHaveTextContent('1 voto · ICE 23');
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(duplicate.title) }));
    expect(screen.getByRole('dialog', { name: 'Fusionar historias de usuario' })).toHaveTextContent('Conservar como principal');
  });
});
