// Imported by a professor component test for its side effect: Testing Library's events run in
// React's act() and its waits (findBy…, waitFor, user-event's actions) outside it, as
// @testing-library/react sets them up. Updates that a user-event click or a settled promise cause
// then render at once, and React prints no "not wrapped in act(...)" warnings.
import { configure } from '@testing-library/dom';
import { act } from 'react';

/** Runs `run` with React's act environment on or off, as it was afterwards. */
function withActEnvironment<T>(on: boolean, run: () => T): T {
  const before = globalThis.IS_REACT_ACT_ENVIRONMENT;
  globalThis.IS_REACT_ACT_ENVIRONMENT = on;
  try {
    return run();
  } finally {
    globalThis.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

configure({
  eventWrapper: (dispatch) =>
    withActEnvironment(true, () => {
      let result: unknown;
      act(() => {
        result = dispatch();
      });
      return result;
    }),
  asyncWrapper: async (wait) => {
    const before = globalThis.IS_REACT_ACT_ENVIRONMENT;
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      return await wait();
    } finally {
      globalThis.IS_REACT_ACT_ENVIRONMENT = before;
    }
  },
});
