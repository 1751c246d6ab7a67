// The `components` project's setup (vitest.config.ts): Testing Library's DOM matchers, a clean
// document, storage and toaster after each test, and every element on screen.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import { dismissToast, shownToast } from '../web/src/student/ui/toaster';

afterEach(() => {
  cleanup();
  while (shownToast()) dismissToast();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * happy-dom's IntersectionObserver never reports: here every element it is given is on screen, as
 * on a tall screen (runtime/WhenNear.tsx draws its panel). WhenNear.test.tsx gives its own.
 */
class OnScreen {
  constructor(private readonly report: (entries: { isIntersecting: boolean; target: Element }[]) => void) {}
  observe(target: Element) {
    queueMicrotask(() => this.report([{ isIntersecting: true, target }]));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
vi.stubGlobal('IntersectionObserver', OnScreen);
