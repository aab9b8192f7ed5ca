// A plain static file server for a static export (`npm run -s export:static`), on loopback: it applies the rules of
// deploy/nginx-static-export.conf and nothing else, rule for rule, so the export's test reads passports through a
// web server that knows nothing of the service (and through nginx itself where it is installed). Each function
// below names the part of the configuration it stands for.
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { MEDIA_TYPES } from '../lib/server/static-export/layout';
import { LoopbackServer } from './loopback';

const PAGE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
const REVALIDATE = 'public, max-age=0, must-revalidate';
const EXPOSED = 'ETag, X-DPP-Version, X-Snapshot-Sha256, X-Snapshot-Bytes, X-Snapshot-Published-At';

/** `types { }`: the media type by extension (a test checks the table against the configuration's). */
const TYPES = MEDIA_TYPES;

/** What nginx makes `$uri` of a request's path: percent-decoded, slashes merged, dot segments resolved. */
function normalizedUri(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const out: string[] = [];
  for (const segment of decoded
    .replace(/\/{2,}/g, '/')
    .split('/')
    .slice(1)) {
    if (segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** `$arg_<name>`: the first raw value of the argument, the name compared without case. */
function arg(query: string, name: string): string {
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=');
    const key = at === -1 ? pair : pair.slice(0, at);
    if (key.toLowerCase() === name.toLowerCase()) return at === -1 ? '' : pair.slice(at + 1);
  }
  return '';
}

/** The generated map `.export/nginx-map.conf`: `"<path>" "<value>";` lines. */
function readMap(root: string): Map<string, string> {
  const map = new Map<string, string>();
  const text = readFileSync(path.join(root, '.export', 'nginx-map.conf'), 'utf8');
  for (const match of text.matchAll(/^ {4}"((?:[^"\\]|\\.)*)" "([^"]*)";$/gm))
    map.set(match[1].replace(/\\"/g, '"'), match[2]);
  return map;
}

interface Request {
  method: string;
  /** `$export_request_path`: the path as sent. */
  requestPath: string;
  /** `$uri`. */
  uri: string;
  query: string;
  accept: string;
  host: string;
  ifNoneMatch: string | undefined;
}

type Headers = Record<string, string>;

interface Answer {
  status: number;
  file: string;
  headers: Headers;
  /** `types { }` emptied in the location: the location's default type instead. */
  type?: string;
}

export class StaticExportServer extends LoopbackServer {
  private readonly meta: Map<string, string>;

  constructor(private readonly root: string) {
    super();
    this.meta = readMap(root);
  }

  /** `map "$arg_linkType|$http_accept" $export_resolver_file`. */
  private resolverFile(r: Request): string {
    const key = `${arg(r.query, 'linkType')}|${r.accept}`;
    if (/^(linkset|all)\|/.test(key)) return 'index.linkset';
    if (/\|.*(text\/html|application\/xhtml\+xml)/i.test(key)) return 'index.html';
    if (/\|.*application\/linkset\+json/i.test(key)) return 'index.linkset';
    if (/\|.*application\/ld\+json/i.test(key)) return 'index.jsonld';
    return 'index.html';
  }

  /** The maps of `$export_kind`, `$export_answer` and the per-answer values computed from them. */
  private answerValues(r: Request) {
    const p = r.requestPath;
    const kind =
      /^\/api\/dpp\//.test(p) || /^\/issuers\//.test(p) ? 'api' : /^\/(01|dpp)\//.test(p) ? 'resolver' : 'other';
    const file = this.resolverFile(r);
    const answer =
      kind === 'api' ? 'api' : kind === 'resolver' ? (file === 'index.html' ? 'page' : 'document') : 'other';
    const key = `${answer}|${p}`;
    const notFound = /^api\|\/issuers\/[^/]+\/did\.json$/.test(key)
      ? '/_errors/issuer-not-found.json'
      : /^api\|\/issuers\//.test(key)
        ? '/_errors/status-list-not-found.json'
        : /^(api|document)\|/.test(key)
          ? '/_errors/404.json'
          : '/_errors/404.html';
    return {
      file,
      cors: answer === 'other' ? '' : '*',
      methods: kind === 'resolver' ? 'GET, HEAD, OPTIONS' : '',
      resolver: kind === 'resolver',
      link:
        kind === 'resolver'
          ? `<http://${r.host}${p}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`
          : '',
      vary: kind === 'resolver' ? 'Accept' : '',
      csp: answer === 'page' || answer === 'other' ? PAGE_POLICY : API_POLICY,
      notFound,
      robots: this.meta.get(p) === 'noindex' ? 'noindex' : '',
    };
  }

  /** The server's own `add_header` lines (empty values are not sent, as nginx does). */
  private serverHeaders(r: Request): Headers {
    const v = this.answerValues(r);
    return {
      Link: v.link,
      Vary: v.vary,
      'Access-Control-Allow-Origin': v.cors,
      'Access-Control-Allow-Methods': v.methods,
      'Content-Security-Policy': v.csp,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cache-Control': REVALIDATE,
    };
  }

  /** `location ^~ /_errors/`: an error body with its answer's headers, never cached. */
  private errorAnswer(r: Request, status: number, file: string): Answer {
    return { status, file, headers: { ...this.serverHeaders(r), 'Cache-Control': 'no-store' } };
  }

  private async exists(relative: string): Promise<boolean> {
    return (await stat(path.join(this.root, relative)).catch(() => null))?.isFile() ?? false;
  }

  /** `try_files`: the first candidate that is a file, as a 200 with `headers`. */
  private async tryFiles(candidates: string[], headers: Headers): Promise<Answer | null> {
    for (const file of candidates) if (await this.exists(file)) return { status: 200, file, headers };
    return null;
  }

  /** `location @export_missing`: a withdrawn passport's 410 (headers of `/_gone/`: the server's), else the 404. */
  private async missing(r: Request): Promise<Answer> {
    const gone = `/_gone${r.uri}/index.json`;
    if (await this.exists(gone)) return { status: 410, file: gone, headers: this.serverHeaders(r) };
    return this.errorAnswer(r, 404, this.answerValues(r).notFound);
  }

  /** `location @export_version_missing`. */
  private async versionMissing(r: Request, slug: string): Promise<Answer> {
    const published = await this.exists(`/api/dpp/${slug}/index.json`);
    return this.errorAnswer(r, 404, published ? '/_errors/version-not-found.json' : '/_errors/404.json');
  }

  /** The locations, in nginx's order: exact, then `^~` prefixes, then regexes as written, then `/`. */
  private async route(r: Request): Promise<Answer> {
    const { uri } = r;
    const server = this.serverHeaders(r);
    const v = this.answerValues(r);
    const sameHeaders = (extra: Headers): Headers => ({
      'Access-Control-Allow-Origin': v.cors,
      'Content-Security-Policy': v.csp,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cache-Control': REVALIDATE,
      ...extra,
    });
    if (uri === '/_static/viewer.css') {
      const css = await this.tryFiles([uri], {
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      });
      return css ?? this.missing(r);
    }
    if (uri.startsWith('/_gone/') || uri.startsWith('/_errors/')) return this.errorAnswer(r, 404, '/_errors/404.html');
    if (/^\/api\/dpp\/[^/]+(\/jsonld|\/versions)?$/.test(uri))
      return (await this.tryFiles([`${uri}/index.json`, `${uri}/index.jsonld`], server)) ?? this.missing(r);
    if (/^\/api\/dpp\/[^/]+\/qr$/.test(uri)) {
      const format = arg(r.query, 'format');
      const file = format === '' || format === 'svg' ? 'index.svg' : format === 'png' ? 'index.png' : '';
      if (file === '') return this.errorAnswer(r, 400, '/_errors/qr-format.json');
      return (await this.tryFiles([`${uri}/${file}`], server)) ?? this.missing(r);
    }
    const version = /^\/api\/dpp\/([^/]+)\/v\/([1-9][0-9]*)$/.exec(uri);
    if (version) {
      const snapshot = /^(\S+) (\S+) (\S+)$/.exec(this.meta.get(r.requestPath) ?? '');
      // Without `always`: only on a 2xx or 3xx answer.
      const headers = sameHeaders({
        'X-DPP-Version': version[2],
        'X-Snapshot-Sha256': snapshot?.[1] ?? '',
        'X-Snapshot-Bytes': snapshot?.[2] ?? '',
        'X-Snapshot-Published-At': snapshot?.[3] ?? '',
        'Access-Control-Expose-Headers': EXPOSED,
      });
      return (await this.tryFiles([`${uri}/index.json`], headers)) ?? this.versionMissing(r, version[1]);
    }
    const credential = /^\/api\/dpp\/([^/]+)\/v\/[1-9][0-9]*\/credential$/.exec(uri);
    if (credential) return (await this.tryFiles([`${uri}/index.jwt`], server)) ?? this.versionMissing(r, credential[1]);
    if (/^\/api\/dpp\/[^/]+\/v\/[^/]+(\/credential)?$/.test(uri))
      return this.errorAnswer(r, 400, '/_errors/invalid-version.json');
    if (/^\/(01\/[0-9]{14}(\/(21|10)\/[^/]+)?|dpp\/[^/]+)$/.test(uri)) {
      const options = r.method === 'OPTIONS';
      const headers = sameHeaders({
        'X-Robots-Tag': v.robots,
        Link: v.link,
        Vary: v.vary,
        'Access-Control-Allow-Methods': v.methods,
        Allow: options ? 'GET, HEAD, OPTIONS' : '',
        'Access-Control-Allow-Headers': options ? 'Accept, Accept-Language, If-None-Match, If-Modified-Since' : '',
        'Access-Control-Max-Age': options ? '86400' : '',
      });
      if (options) return { status: 204, file: '', headers };
      return (await this.tryFiles([`${uri}/${v.file}`], headers)) ?? this.missing(r);
    }
    if (/^\/issuers\/[^/]+\/did\.json$/.test(uri)) {
      const did = await this.tryFiles([uri], server);
      return did ? { ...did, type: 'application/did+ld+json' } : this.missing(r);
    }
    if (/^\/issuers\/[^/]+\/status\/[^/]+\/[^/]+$/.test(uri))
      return (await this.tryFiles([`${uri}/index.jwt`], server)) ?? this.missing(r);
    if (/^\/ns\/(dpp|espr)$/.test(uri)) {
      const headers = sameHeaders({ 'Cache-Control': 'public, max-age=86400', 'Access-Control-Allow-Origin': '*' });
      return (await this.tryFiles([`${uri}/index.jsonld`], headers)) ?? this.missing(r);
    }
    return this.errorAnswer(r, 404, '/_errors/404.html');
  }

  protected handle(req: IncomingMessage, _body: string, res: ServerResponse): void {
    this.answer(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = req.url ?? '/';
    const at = raw.indexOf('?');
    const requestPath = at === -1 ? raw : raw.slice(0, at);
    const uri = normalizedUri(requestPath);
    if (uri === null) {
      res.writeHead(400).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      res.writeHead(405).end();
      return;
    }
    const r: Request = {
      method: req.method,
      requestPath,
      uri,
      query: at === -1 ? '' : raw.slice(at + 1),
      accept: req.headers.accept ?? '',
      host: req.headers.host ?? '',
      ifNoneMatch: req.headers['if-none-match'],
    };
    const answer = await this.route(r);
    if (answer.status === 204) {
      for (const [name, value] of Object.entries(answer.headers)) if (value !== '') res.setHeader(name, value);
      res.writeHead(204).end();
      return;
    }
    if (r.method === 'OPTIONS') {
      // nginx refuses OPTIONS on a static file (405), with the server's headers.
      res.writeHead(405).end();
      return;
    }
    const bytes = await readFile(path.join(this.root, answer.file));
    const { mtimeMs } = await stat(path.join(this.root, answer.file));
    const etag = `"${Math.floor(mtimeMs / 1000).toString(16)}-${bytes.byteLength.toString(16)}"`;
    const extension = answer.file.slice(answer.file.lastIndexOf('.') + 1);
    const headers: Headers = {
      'Content-Type': answer.type ?? TYPES[extension] ?? 'application/octet-stream',
      'Content-Length': String(bytes.byteLength),
      ETag: etag,
      ...answer.headers,
    };
    for (const [name, value] of Object.entries(headers)) if (value !== '') res.setHeader(name, value);
    if (answer.status === 200 && r.ifNoneMatch === etag) {
      res.removeHeader('Content-Length');
      res.writeHead(304).end();
      return;
    }
    res.writeHead(answer.status);
    res.end(r.method === 'HEAD' ? undefined : bytes);
  }
}
