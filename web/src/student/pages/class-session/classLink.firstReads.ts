// The class link's first read (render/firstReads.ts): the token's class session, which Session
// Feedback resolves as it starts (useClassSessionPlace.ts), sent from <head> right after the first paint, so
// the course, its notes and its check question are asked for as soon as the island runs.
import { resolveClassToken } from '../../../shared/api/resolve-class-token';
import { defineFirstReads } from '../../render/firstReads';

export default defineFirstReads({
  // A token as the database holds one (at least 22 URL-safe characters): others lead nowhere.
  id: /^[\w-]{22,128}$/,
  standIn: 'StandInClassLinkToken_0',
  reads: [resolveClassToken],
  // The form is the page, from its HTML: its paint waits for none of them.
  afterFirstPaint: true,
});
