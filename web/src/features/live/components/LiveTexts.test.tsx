// What students found unclear on the live view, from the snapshot the test gives: whole groups of
// three, newest group first, with no time anywhere (live_session sends none, shuffled inside each
// group), the comments still waiting for a group, and Reply under each text.
import { within } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { liveSnapshot } from '../../../test/liveSnapshot';
import { renderInApp, screen } from '../../../test/renderInApp';
import type { LiveSnapshot } from '../api/get-live-session';
import { LiveTexts } from './LiveTexts';

const item = (id: string, text: string) => ({ id, kind: 'session' as const, text });
const FIRST = { batch: 0, items: [item('a2', 'Second unclear part'), item('a3', 'Third unclear part'), item('a1', 'First unclear part')] };
const SECOND = { batch: 1, items: [item('b1', 'Why the base case?'), item('b3', 'Tail calls'), item('b2', 'Stack frames')] };

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
});

const show = async (changes: Partial<LiveSnapshot>) => ({ unmount } = await renderInApp(<LiveTexts live={liveSnapshot(changes)} />));
const section = () => screen.getByRole('region', { name: 'What students found unclear' });
const texts = (group: HTMLElement) =>
  within(group)
    .getAllByRole('listitem')
    .map((text) => text.querySelector('p')?.textContent);

describe('LiveTexts', () => {
  it('says why comments come in shuffled groups of three, without times', async () => {
    await show({});
    expect(
      within(section()).getByText(
        'Comments appear in shuffled groups of three, without times, so no one can be recognised by when they wrote.',
      ),
    ).toBeTruthy();
    expect(within(section()).getByText('No comments yet.')).toBeTruthy();
  });

  it('holds back the texts until three make a group, and says how many wait', async () => {
    await show({ pendingTexts: 2 });
    expect(within(section()).getByText('2 comments are waiting for a group of three.')).toBeTruthy();
    expect(within(section()).queryAllByRole('list')).toEqual([]);
    expect(within(section()).queryByText('No comments yet.')).toBeNull();
    await unmount?.();

    await show({ pendingTexts: 1, texts: [FIRST] });
    expect(within(section()).getByText('1 comment is waiting for a group of three.')).toBeTruthy();
  });

  it('shows each group of three as the server shuffled it, the newest group first, with no time', async () => {
    await show({ texts: [FIRST, SECOND], replies: { b3: { body: 'We will see them Monday.', updatedAt: '2026-10-05T14:32:10Z' } } });
    const groups = within(section()).getAllByRole('list');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Group 2', 'Group 1']);
    expect(texts(groups[0]!)).toEqual(['Why the base case?', 'Tail calls', 'Stack frames']);
    expect(texts(groups[1]!)).toEqual(['Second unclear part', 'Third unclear part', 'First unclear part']);
    expect(section().textContent).not.toMatch(/\d{1,2}:\d{2}|2026/);
    expect(within(section()).queryByTestId('pending-texts')).toBeNull();
  });

  it('puts Reply under each text, and the reply already sent with Edit and Withdraw', async () => {
    await show({ texts: [SECOND], replies: { b3: { body: 'We will see them Monday.', updatedAt: '2026-10-05T14:32:10Z' } } });
    const group = within(section()).getByRole('list', { name: 'Group 2' });
    expect(within(group).getByRole('button', { name: 'Reply: Why the base case?' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Reply: Stack frames' })).toBeTruthy();
    const replied = within(group).getByText('Tail calls').closest('li')!;
    expect(within(replied).getByText('We will see them Monday.')).toBeTruthy();
    expect(within(replied).getByRole('button', { name: 'Edit reply: Tail calls' })).toBeTruthy();
    expect(within(replied).getByRole('button', { name: 'Withdraw reply: Tail calls' })).toBeTruthy();
  });
});
