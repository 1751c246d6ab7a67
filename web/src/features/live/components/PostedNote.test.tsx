// A note as the team sees it, in each state of its check: asking nothing, what the next session
// will rate, the figures and verdict once shown, and an old single question.
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionNote } from '../../../shared/api/get-course-notes';
import { renderInApp, screen } from '../../../test/renderInApp';
import { PostedNote } from './PostedNote';

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
});

const note = (more: Partial<SessionNote> = {}): SessionNote => ({
  id: 'n1',
  sessionId: 's1',
  sessionDate: '2026-10-05',
  body: 'We redo the base case',
  createdAt: '2026-10-05T15:00:00Z',
  ...more,
});
const show = async (shown: SessionNote) =>
  ({ unmount } = await renderInApp(
    <ul>
      <PostedNote note={shown} />
    </ul>,
  ));
const lines = () => [...screen.getByTestId('posted-note').querySelectorAll('p')].map((line) => line.textContent);

describe('PostedNote', () => {
  it('shows the text alone when the note asks nothing', async () => {
    await show(note());
    expect(lines()).toEqual(['We redo the base case']);
  });

  it('says what the next session will rate, with a control or alone, before any figure', async () => {
    await show(
      note({
        figures: { addressed: { topic: 'the base case', groupId: null }, control: { topic: 'pointers', groupId: null }, results: null },
      }),
    );
    expect(lines()).toEqual(['We redo the base case', 'The next session rates “the base case” against “pointers”.']);
    expect(screen.queryByTestId('note-figures')).toBeNull();
    await unmount?.();
    await show(note({ figures: { addressed: { topic: 'the base case', groupId: null }, control: null, results: null } }));
    expect(lines()).toContain('The next session rates “the base case” (no other confusion to compare with).');
  });

  it('shows each topic’s figures and the verdict once shown', async () => {
    await show(
      note({
        figures: {
          addressed: { topic: 'the base case', groupId: null },
          control: { topic: 'pointers', groupId: null },
          results: {
            // Differences 1, −1, 0, 2, −1: mean 0.2, sd √1.7; t(4) = 2.776.
            addressed: { n: 5, mean: 4.4, sd: 1.1402, share: null },
            control: { n: 5, mean: 4.2, sd: 0.4472, share: 0.5 },
            paired: { n: 5, mean: 0.2, sd: 1.3038 },
          },
        },
      }),
    );
    expect([...screen.getByTestId('note-figures').querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'the base case: 4.4 (3.0 to 5.8), n = 5',
      'pointers: 4.2 (3.6 to 4.8), n = 5 · 50 % of the session’s confusions',
      'No clear difference from pointers: 0.2 (−1.4 to 1.8)',
    ]);
  });

  it('shows an old single question, and that it cannot be compared', async () => {
    await show(note({ checkQuestion: 'Is it clearer now?', figures: { legacy: true } }));
    expect(lines()).toEqual([
      'We redo the base case',
      'Check question: Is it clearer now?',
      'No comparison available (asked before controls existed)',
    ]);
  });
});
