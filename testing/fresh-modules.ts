// The first setup file of the projects that run with `isolate: false` (vitest.config.ts). A worker
// then runs many test files, so each starts here as a fresh one would:
// - our own modules afresh, so a `vi.mock` in one file never reaches another through a module an
//   earlier file cached (a component importing the mocked façade module);
// - a blank document, address, storage and cookies, no stubbed globals or spies, and real timers.
// Packages in node_modules (Chakra, React, Preact, happy-dom) stay loaded in the worker: importing
// Chakra anew for each file was most of the component tests' time (docs/decisions/testing.md).
import { vi } from 'vitest';

vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();

if (typeof document !== 'undefined') {
  // Emotion (the professor app's styles) keeps its style elements for the worker's life.
  for (const element of document.head.querySelectorAll(':scope > :not(style[data-emotion])')) element.remove();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  document.title = '';
  history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  // happy-dom matches a cookie's path loosely: one set under another address needs both forms to go.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (document.cookie) throw new Error(`fresh-modules: cookies left from an earlier file: ${document.cookie}`);
}
