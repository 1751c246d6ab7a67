import type { z } from 'zod';
import type { quickSubmissionSchema, sessionSubmissionSchema } from '../lib/schemas';

// Types only: importing them costs no download.
export type QuickFormInput = z.input<typeof quickSubmissionSchema>;
export type QuickFormOutput = z.output<typeof quickSubmissionSchema>;
export type SessionFormInput = Omit<z.input<typeof sessionSubmissionSchema>, 'sessionId'>;
export type SessionFormOutput = Omit<z.output<typeof sessionSubmissionSchema>, 'sessionId'>;
