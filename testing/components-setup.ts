// The `components` project's setup (vitest.config.ts): Testing Library's DOM matchers, and a clean
// document, storage and toaster after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/preact';
import { afterEach } from 'vitest';
import { dismissToast, shownToast } from '../web/src/student/ui/toaster';

afterEach(() => {
  cleanup();
  while (shownToast()) dismissToast();
  localStorage.clear();
  sessionStorage.clear();
});
