import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazyResolver';

describe('lazyResolver', () => {
  it('loads once, validates through the loaded resolver, and retries a failed load', async () => {
    const inner = vi.fn(async (values: { a: string }) => ({ values, errors: {} }));
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(inner);
    const { resolver, preload } = lazyResolver<{ a: string }, { a: string }>(load);

    await expect(preload()).rejects.toThrow('offline');
    await expect(resolver({ a: 'x' }, undefined, {} as never)).resolves.toEqual({ values: { a: 'x' }, errors: {} });
    await resolver({ a: 'y' }, undefined, {} as never);
    expect(load).toHaveBeenCalledTimes(2);
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('preloads when the browser is idle, and not at all once cancelled', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(async () => async () => ({ values: {}, errors: {} }));
      const first = lazyResolver(load);
      first.preloadWhenIdle();
      expect(load).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(load).toHaveBeenCalledTimes(1);

      const second = lazyResolver(load);
      second.preloadWhenIdle()();
      await vi.advanceTimersByTimeAsync(2000);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
