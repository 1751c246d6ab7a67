import { existsSync } from 'node:fs';
import { execa } from 'execa';

/**
 * Installs Debian packages when any of `files` is missing (as root; otherwise says what to run):
 * the browsers, servers and poolers the tests and benchmarks run are Debian's, never downloads of
 * their own.
 */
export async function ensureDebianPackages({
  name,
  files,
  packages,
  purpose,
}: {
  /** What the packages are, as the messages name it. */
  name: string;
  /** The files that are there once the packages are installed. */
  files: string[];
  packages: string[];
  /** What needs them, as in "then run <purpose> again". */
  purpose: string;
}) {
  if (files.every((file) => existsSync(file))) return;
  const install = `apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0) throw new Error(`${name} is missing: run \`sudo ${install}\`, then run ${purpose} again.`);
  console.log(`Installing Debian's ${name} for ${purpose} (${install})…`);
  await execa('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  await execa('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}
