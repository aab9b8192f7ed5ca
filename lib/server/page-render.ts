import { request as httpRequest } from 'node:http';
import { config } from '../config';
import { hashedPagePolicy, newNonce } from '../http/middleware/security-headers';
import { PAGE_NONCE_HEADER, PAGE_RENDER_HEADER, pageRenderToken } from '../http/middleware/stored-page';
import { hashPageScripts, linkWithoutNonce } from '../http/page-hashes';
import type { Locale } from '../i18n/locales';
import type { RenderedPage } from '../passport/public/representations';

/**
 * The self-render of a viewer page: the page is requested from this same process over loopback HTTP, through the
 * same middleware and page code a browser gets, marked with the per-process render token and a fresh placeholder
 * nonce (the middleware lets such a request render with that nonce, and never rewrites it to a stored page). The
 * render is then made the page every anonymous answer shares: the framework's scripts removed from a found passport's
 * page (it works without script: a reader on a phone downloads none; a 404 keeps them, named by hash) and its styles
 * named by their hashes in the page's own policy
 * (lib/http/page-hashes.ts), so no answer needs a nonce of its own and any cache may keep it.
 */

/** The headers of a rendered page that its stored copy is served with (its policy is added from its hashes). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'link', 'vary'] as const;
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
const RENDER_TIMEOUT_MS = 30_000;

/** The address this process listens on, as seen from itself. */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host.replace(/^\[(.*)\]$/, '$1');
}

/** A render with its placeholder nonce turned into the page every answer shares, with its hash policy. */
function shareable(page: RenderedPage): RenderedPage {
  // A found passport's page is whole without script; a 404's not-found content comes with the framework's payload
  // (the page threw notFound() while streaming), so it keeps its scripts, named by hash.
  const scripts = page.status === 200 ? 'drop' : 'hash';
  const { html, scriptHashes, styleHashes } = hashPageScripts(page.html, page.nonce, { scripts });
  const headers = { ...page.headers };
  if (headers.link !== undefined) headers.link = linkWithoutNonce(headers.link, page.nonce);
  if (headers.link === '') delete headers.link;
  headers['content-security-policy'] = hashedPagePolicy(
    scriptHashes,
    styleHashes,
    config().BASE_URL.startsWith('https://'),
  );
  return { ...page, headers, html };
}

/**
 * The page at `path` as Next.js renders it for an anonymous browser whose language is `locale` (asked as its only
 * Accept-Language), with a fresh placeholder nonce.
 */
export function renderPage(path: string, locale: Locale): Promise<RenderedPage> {
  const nonce = newNonce();
  const cfg = config();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: loopbackHost(cfg.HOST),
        port: cfg.PORT,
        path,
        method: 'GET',
        headers: {
          accept: 'text/html',
          'accept-language': locale,
          [PAGE_RENDER_HEADER]: pageRenderToken(),
          [PAGE_NONCE_HEADER]: nonce,
        },
        timeout: RENDER_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_PAGE_BYTES)
            req.destroy(new Error(`The rendered page of ${path} exceeds ${MAX_PAGE_BYTES} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const name of KEPT_HEADERS) {
            const value = res.headers[name];
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve(shareable({ status: res.statusCode ?? 500, headers, html: Buffer.concat(chunks), nonce }));
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`Rendering ${path} took longer than ${RENDER_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}
