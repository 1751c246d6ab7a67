// The stand-in LMS (testing/lti-platform.ts) on the stack Vitest's global setup started.
import { db, stack } from '../../../testing/vitest.ts';
import { useStack } from '../../../testing/lti-platform.ts';

useStack({ db, apiUrl: () => stack().apiUrl });

export * from '../../../testing/lti-platform.ts';
