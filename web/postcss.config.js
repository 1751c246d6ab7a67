// Panda CSS (panda.config.ts) turns the student components' styles into the stylesheet web/src/student/styles.css names.
// Then every custom property that no rule reads is dropped: Panda writes all of Chakra's tokens
// (618 properties in 1,017 declarations), and the student pages' rules read 313 of them
// (docs/decisions/student-pages.md, "Styles").
import { fileURLToPath } from 'node:url';
import pruneVar from 'postcss-prune-var';

// Loading Panda adds process-wide handlers that log every uncaught exception and unhandled
// rejection and keep the process alive. In `npm start` that swallowed real crashes, and once the
// terminal had gone, each log's failed write was itself uncaught: a loop at full CPU, for hours.
// Panda's own handlers are taken off again; everyone else's stay.
const EVENTS = ['uncaughtException', 'unhandledRejection'];
const before = new Map(EVENTS.map((event) => [event, process.listeners(event)]));
const { default: panda } = await import('@pandacss/dev/postcss');
for (const event of EVENTS) {
  for (const listener of process.listeners(event)) if (!before.get(event).includes(listener)) process.off(event, listener);
}

const root = fileURLToPath(new URL('.', import.meta.url));

export default { plugins: [panda({ configPath: `${root}panda.config.ts`, cwd: root }), pruneVar()] };
