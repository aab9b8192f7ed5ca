// deploy/nginx.conf as the tests and the bench run it: the shipped file itself, with only its addresses replaced
// (the instances, the listening port, the cache directory), started through testing/nginx.ts; and requests to it
// from a chosen loopback address, so that one machine acts as several clients (Linux answers all of 127.0.0.0/8).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningNginx, startNginx } from './nginx';

export const NGINX_CONF = path.resolve('deploy/nginx.conf');
const SHIPPED_UPSTREAM = '    server 127.0.0.1:3000;\n';
const SHIPPED_LISTEN = '    listen 80;\n';
const SHIPPED_CACHE = '/var/cache/nginx/battery-passport';

/** The shipped configuration with `upstreams` (host:port) as its instances, listening on loopback `port`. */
export function proxyConfig(conf: string, options: { upstreams: string[]; port: number; cacheDir: string }): string {
  for (const shipped of [SHIPPED_UPSTREAM, SHIPPED_LISTEN, SHIPPED_CACHE])
    if (!conf.includes(shipped)) throw new Error(`deploy/nginx.conf no longer contains ${JSON.stringify(shipped)}`);
  return conf
    .replace(SHIPPED_UPSTREAM, options.upstreams.map((u) => `    server ${u};\n`).join(''))
    .replace(SHIPPED_LISTEN, `    listen 127.0.0.1:${options.port};\n`)
    .replace(SHIPPED_CACHE, options.cacheDir);
}

export interface RunningProxy extends RunningNginx {
  /** The cache directory, to look at what nginx stored. */
  cacheDir: string;
}

/** nginx with deploy/nginx.conf in front of `upstreams` (base addresses such as http://127.0.0.1:3456). */
export async function startProxy(upstreams: string[]): Promise<RunningProxy> {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'bps-proxy-cache-'));
  const conf = readFileSync(NGINX_CONF, 'utf8');
  const hosts = upstreams.map((u) => new URL(u).host);
  const nginx = await startNginx((port) => proxyConfig(conf, { upstreams: hosts, port, cacheDir }));
  return {
    ...nginx,
    cacheDir,
    async stop() {
      await nginx.stop();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** A GET (or HEAD) from the loopback address `from`, as a distinct client would send it. */
export function fetchFrom(
  origin: string,
  pathname: string,
  {
    from = '127.0.0.1',
    headers = {},
    method = 'GET',
  }: { from?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<Answer> {
  const url = new URL(pathname, origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
