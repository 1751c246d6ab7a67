import { act, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { type SimilarStory, getSimilarStories } from './api/get-similar-stories';
import { SimilarStories } from './SimilarStories';

vi.mock('./api/get-similar-stories', () => ({ MIN_WANT: 3, getSimilarStories: vi.fn() }));

const found = (n: number): SimilarStory[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `s${i}`,
    title: `As a professor, I want to export feedback ${i}`,
    iceScore: 20 - i,
    status: 'done',
  }));

const region = () => screen.queryByRole('region', { name: /Similar stories already on the board/ });
/** Typing stops: 300 ms pass, the lookup is sent and answered. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(getSimilarStories).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  act(() => setLanguage('en'));
});

describe('SimilarStories', () => {
  it('looks the want up once typing stops for 300 ms, and lists up to five with their status and ICE', async () => {
    vi.mocked(getSimilarStories).mockResolvedValue(found(6));
    const { rerender } = render(<SimilarStories want="" boardVersion={0} />);
    rerender(<SimilarStories want="export the feedback" boardVersion={0} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(getSimilarStories).not.toHaveBeenCalled();
    await settle();
    expect(getSimilarStories).toHaveBeenCalledWith('export the feedback');
    const list = region()!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(list).toHaveTextContent('As a professor, I want to export feedback 0');
    expect(within(list).getAllByText('Done')).toHaveLength(5);
    expect(list).toHaveTextContent('ICE 20');
  });

  it('shows nothing for fewer than three characters, when nothing is alike, nor the story being edited', async () => {
    vi.mocked(getSimilarStories).mockResolvedValue(found(1));
    const { rerender } = render(<SimilarStories want="zq" boardVersion={0} />);
    await settle();
    expect(getSimilarStories).not.toHaveBeenCalled();
    expect(region()).toBeNull();

    rerender(<SimilarStories want="export" excludeId="s0" boardVersion={0} />);
    await settle();
    expect(region()).toBeNull();

    vi.mocked(getSimilarStories).mockResolvedValue([]);
    rerender(<SimilarStories want="nothing like it" boardVersion={0} />);
    await settle();
    expect(region()).toBeNull();
  });

  it('keeps the last list while the next is read, and reads again when the board changed', async () => {
    vi.mocked(getSimilarStories)
      .mockResolvedValueOnce(found(2))
      .mockReturnValueOnce(new Promise(() => {}));
    const { rerender } = render(<SimilarStories want="export" boardVersion={0} />);
    await settle();
    expect(within(region()!).getAllByRole('listitem')).toHaveLength(2);
    rerender(<SimilarStories want="export" boardVersion={1} />);
    await settle();
    expect(getSimilarStories).toHaveBeenCalledTimes(2);
    expect(within(region()!).getAllByRole('listitem')).toHaveLength(2);
  });

  it('speaks Spanish', async () => {
    addCatalog('es', spanish);
    act(() => setLanguage('es'));
    vi.mocked(getSimilarStories).mockResolvedValue(found(1));
    render(<SimilarStories want="export" boardVersion={0} />);
    await settle();
    expect(screen.getByRole('region', { name: /Ya hay historias parecidas/ })).toHaveTextContent('Hecha');
  });
});
