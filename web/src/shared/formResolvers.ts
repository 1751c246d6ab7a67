// Loaded on demand (see lazyResolver): the forms validate with the edge function's own schemas.
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from './translatedResolver';
import { quickSubmissionSchema, sessionSubmissionSchema } from '../lib/schemas';

/** Variant A: every field of the POST body, sessionId included (supplied by the page). */
export const quickResolver = translated(zodResolver(quickSubmissionSchema));

/** Variant B: the course and the content; the session comes from the address (docs/product.md, Screen texts). */
export const sessionFormSchema = sessionSubmissionSchema.omit({ sessionId: true });
export const sessionResolver = translated(zodResolver(sessionFormSchema));
