// Panda CSS (panda.config.ts) turns the student components' styles into the stylesheet web/src/student/styles.css names.
import panda from '@pandacss/dev/postcss';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default { plugins: [panda({ configPath: `${root}panda.config.ts`, cwd: root })] };
