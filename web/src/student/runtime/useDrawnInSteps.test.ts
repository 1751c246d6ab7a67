import { act, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawnInSteps } from './useDrawnInSteps';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDrawnInSteps', () => {
  it('draws the first entries at once, then a step more in each later task, up to the total', () => {
    const { result } = renderHook(() => useDrawnInSteps(45, { first: 10, step: 20 }));
    expect(result.current).toBe(10);
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toBe(30);
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toBe(45);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws a short list at once, and never more than the list has', () => {
    const { result, rerender } = renderHook(({ total }) => useDrawnInSteps(total, { first: 10, step: 20 }), { initialProps: { total: 4 } });
    expect(result.current).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
    rerender({ total: 12 });
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toBe(12);
  });
});
