// The production build served by Debian's nginx, configured with bench/nginx-site.conf: the file
// docs/deploying.md gives hosts, included as it is, so what is measured is what is deployed.
// nginx runs as a child process in the foreground with a prefix, logs and temporary folders of its
// own, on a free port; as `nobody` when the bench runs as root.
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { ROOT } from '../stack/config.ts';
import { ensureDebianPackages } from '../stack/debian.ts';
import { answers, waitUntil } from '../stack/processes.ts';
import type { StaticHost } from './static-host.ts';

export const NGINX = '/usr/sbin/nginx';
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const NGINX_SITE_CONF = path.join(ROOT, 'bench', 'nginx-site.conf');
/** Debian's `nobody` and `nogroup`. */
const NOBODY = 65534;

/** Installs Debian's nginx and its brotli module when either is missing (as root). */
export async function ensureNginx(purpose: string) {
  await ensureDebianPackages({
    name: 'nginx',
    files: [NGINX, BROTLI_STATIC_MODULE],
    packages: ['nginx', 'libnginx-mod-http-brotli-static'],
    purpose,
  });
}

/** The main configuration around the site's: Debian's http defaults, every path inside `prefix`. */
function mainConfig(prefix: string, root: string, port: number, functionsUrl: string) {
  return `load_module ${BROTLI_STATIC_MODULE};
worker_processes 1;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    access_log ${prefix}/access.log;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    server {
        listen 127.0.0.1:${port};
        root ${root};
        set $classpulse_functions ${functionsUrl};
        include ${NGINX_SITE_CONF};
    }
}
`;
}

/**
 * Serves `outDir` (readable by everyone) with nginx on 127.0.0.1:`port`; the feedback forms read
 * their check questions, and Session Feedback its notes, from the functions at `functionsUrl`
 * (`<API>/functions/v1`).
 */
export async function serveWithNginx(outDir: string, port: number, functionsUrl: string): Promise<StaticHost> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'classpulse-nginx-'));
  await writeFile(path.join(prefix, 'nginx.conf'), mainConfig(prefix, outDir, port, functionsUrl));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    await chmod(prefix, 0o755);
    await chown(prefix, NOBODY, NOBODY);
  }
  const nginx = execa(
    NGINX,
    [
      '-p',
      prefix,
      '-e',
      path.join(prefix, 'error.log'),
      '-c',
      path.join(prefix, 'nginx.conf'),
      '-g',
      `daemon off; pid ${prefix}/nginx.pid;`,
    ],
    { reject: false, all: true, ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) },
  );
  let exited = false;
  const done = nginx.then((result) => {
    exited = true;
    return result;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const started = await waitUntil(() => answers(`${url}/`, true), { exited: () => exited, timeoutMs: 10_000 });
    if (started !== 'ready') throw new Error(started === 'exited' ? 'nginx exited' : `nginx did not answer ${url}/ within 10 s`);
  } catch (error) {
    nginx.kill('SIGTERM');
    const { all } = await done;
    const log = await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '');
    await rm(prefix, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}:\n${all ?? ''}\n${log}`, { cause: error });
  }
  return {
    url,
    close: async () => {
      nginx.kill('SIGTERM');
      await done;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
