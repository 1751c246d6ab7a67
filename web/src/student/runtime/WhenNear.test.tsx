// A panel drawn once its place comes within a screen's height of the screen, and at once where the
// browser has no IntersectionObserver.
import { act, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './WhenNear';

let report: ((near: boolean) => void) | undefined;
let margin: string | undefined;

class FakeObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options: { rootMargin?: string }) {
    margin = options.rootMargin;
    report = (near) => callback([{ isIntersecting: near }]);
  }
  observe() {}
  disconnect() {
    report = undefined;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  report = undefined;
});

describe('WhenNear', () => {
  it('keeps an empty place until it is within a screen of the screen, then draws its children and stops watching', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(
      <WhenNear>
        <p>What others found unclear</p>
      </WhenNear>,
    );
    expect(screen.queryByText('What others found unclear')).toBeNull();
    expect(container.innerHTML).toBe('<div></div>');
    expect(margin).toBe('100% 0px');
    act(() => report?.(false));
    expect(screen.queryByText('What others found unclear')).toBeNull();
    act(() => report?.(true));
    expect(screen.getByText('What others found unclear')).toBeTruthy();
    expect(report).toBeUndefined();
  });

  it('draws its children at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear>
        <p>What others found unclear</p>
      </WhenNear>,
    );
    expect(screen.getByText('What others found unclear')).toBeTruthy();
  });
});
