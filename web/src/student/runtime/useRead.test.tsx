import { act, render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ReadOptions, useRead } from './useRead';

function Reader({ read, id = 'a', options }: { read: () => Promise<string>; id?: string; options?: ReadOptions }) {
  const state = useRead(id, read, options);
  return (
    <div>
      <p>{state.status === 'success' ? state.data : state.status === 'error' ? `failed: ${String(state.error)}` : 'pending'}</p>
      {state.fetching && <p>fetching</p>}
      <button onClick={state.refetch}>again</button>
    </div>
  );
}

describe('useRead', () => {
  it('is pending first, then the answer; a failure stays a failure until "Try again"', async () => {
    const read = vi.fn().mockRejectedValueOnce('offline').mockResolvedValueOnce('the course');
    render(<Reader read={read} />);
    expect(screen.getByText('pending')).toBeInTheDocument();
    expect(await screen.findByText('failed: offline')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(await screen.findByText('the course')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads nothing while not enabled, and drops the answer of a key it has left', async () => {
    let answerOld: (value: string) => void = () => {};
    const old = () => new Promise<string>((resolve) => (answerOld = resolve));
    const { rerender } = render(<Reader read={old} options={{ enabled: false }} />);
    expect(screen.getByText('pending')).toBeInTheDocument();
    rerender(<Reader read={old} />);
    rerender(<Reader id="b" read={() => Promise.resolve('new')} />);
    expect(await screen.findByText('new')).toBeInTheDocument();
    await act(async () => answerOld('old'));
    expect(screen.getByText('new')).toBeInTheDocument();
  });

  it('polls while the page is visible, keeping what it showed when a poll fails', async () => {
    vi.useFakeTimers();
    try {
      const read = vi.fn().mockResolvedValueOnce('one').mockRejectedValueOnce('blip').mockResolvedValueOnce('three');
      render(<Reader read={read} options={{ pollMs: 1000 }} />);
      await waitFor(() => expect(screen.getByText('one')).toBeInTheDocument());
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.getByText('one')).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.getByText('three')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
