// nginx itself, for the tests of deploy/ configurations: started on a loopback port with a configuration of the
// test's own, stopped by its process id. Where no nginx is installed (NGINX_BINARY, else /usr/sbin/nginx), tests
// that need it are skipped.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/db/embedded';

export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
export const nginxInstalled = (): boolean => existsSync(NGINX_BINARY);

export interface RunningNginx {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Runs nginx with the `http { }` fragment `site` (a configuration file's text) in a prefix directory of its own;
 * `listen` lines are left to the caller, who puts `port` in them. Resolves once nginx accepts connections.
 */
export async function startNginx(site: (port: number) => string): Promise<RunningNginx> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(tmpdir(), 'bps-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  writeFileSync(path.join(prefix, 'site.conf'), site(port));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `${name}_temp_path ${path.join(prefix, name)};`)
    .join(' ');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      // Root only: workers must read the test's private temporary directories.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      'daemon off;',
      `error_log ${path.join(prefix, 'logs', 'error.log')} warn;`,
      `pid ${path.join(prefix, 'nginx.pid')};`,
      'events {}',
      `http { access_log off; ${temp} include ${path.join(prefix, 'site.conf')}; }`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = readFileSync(path.join(prefix, 'logs', 'error.log'), 'utf8');
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx exited (${child.exitCode}): ${stderr}${log}`);
    }
    if (
      await fetch(origin).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${origin}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
