// The integrator client's transport: signing, Idempotency-Keys, retries. Like signing.ts it imports nothing from
// the server, so the contract tests that go through it prove the server against the published contract.
import { newIdempotencyKey, signIntegrationRequest } from './signing';

export interface ClientOptions {
  /** `https://passports.example.com`, no trailing path. */
  baseUrl: string;
  apiKey: string;
  /** Needed for writes. */
  signingSecret?: string;
  /** Retries of 429, 5xx (but a switched-off feature), 409 IDEMPOTENCY_IN_PROGRESS and network failures; default 3. */
  maxRetries?: number;
  /** Backoff base in ms (doubled per attempt, jittered) when the server sends no Retry-After; default 500. */
  backoffMs?: number;
  /** Longest wait between attempts, ms; default 30 s. */
  maxDelayMs?: number;
  /** Extra headers on every request (a proxy's header, say). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Serialised once with JSON.stringify; the exact bytes are signed and sent. */
  body?: unknown;
  /** Bytes sent as they are (multipart, or a hand-made JSON string), with `contentType`. */
  rawBody?: string | Uint8Array;
  contentType?: string;
  /** Reuse only to retry the same logical write; a fresh one is made otherwise. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** `bytes`: a 2xx body is returned as a Uint8Array, untouched (downloads); errors are still parsed. */
  responseType?: 'bytes';
}

/** What a write call takes besides its body: the Idempotency-Key to retry one logical write with, extra headers. */
export type WriteOptions = Pick<RequestOptions, 'idempotencyKey' | 'headers'>;

/** A path whose interpolated values are percent-encoded, each as one segment: apiPath`/api/v1/keys/${id}/rotate`. */
export function apiPath(parts: TemplateStringsArray, ...segments: string[]): string {
  return parts.reduce((path, part, i) => `${path}${encodeURIComponent(segments[i - 1] ?? '')}${part}`);
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  data: T;
}

/** A 4xx/5xx from the API, with the envelope's code, message and details. */
export class IntegrationApiError extends Error {
  readonly status: number;
  readonly code: string;
  // biome-ignore lint/suspicious/noExplicitAny: the body the server answered, whatever its shape; callers narrow it
  readonly body: any;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  constructor(status: number, body: any, headers: Headers) {
    super(body?.error?.message ?? `HTTP ${status}`);
    this.name = 'IntegrationApiError';
    this.status = status;
    this.code = body?.error?.code ?? `HTTP_${status}`;
    this.body = body;
    this.headers = headers;
  }
}

// A switched-off feature stays off until an operator changes the environment: retrying cannot help.
const NOT_TRANSIENT = new Set(['FEATURE_DISABLED', 'FEATURE_FLAG_OFF']);
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function buildPathWithQuery(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) params.append(name, String(value));
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function retryDelayMs(
  attempt: number,
  retryAfter: string | null,
  { backoffMs = 500, maxDelayMs = 30_000 } = {},
): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, maxDelayMs);
  const exponential = backoffMs * 2 ** attempt;
  return Math.min(exponential / 2 + Math.random() * (exponential / 2), maxDelayMs);
}

/**
 * 429, any 5xx but a switched-off feature (the contract: retry transient errors, 429, 502 and other 5xx, with backoff
 * and the same Idempotency-Key), and a 409 saying an identical request is still running.
 */
function worthRetrying(status: number, data: unknown): boolean {
  // The Integration API nests its code in `error`; the BMS endpoint names it at the top.
  const body = (data ?? {}) as { code?: string; error?: { code?: string } };
  const code = body.error?.code ?? body.code;
  if (status >= 500) return code === undefined || !NOT_TRANSIENT.has(code);
  return status === 429 || (status === 409 && code === 'IDEMPOTENCY_IN_PROGRESS');
}

function parseBody(text: string, type: string): unknown {
  if (!text || !type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createTransport(options: ClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const mode = options.apiKey.startsWith('pk_test_') ? 'test' : undefined;

  /** One HTTP exchange with retries; never throws for an HTTP status. */
  // biome-ignore lint/suspicious/noExplicitAny: an untyped call answers what the server sent; the typed modules name T
  async function send<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const upper = method.toUpperCase();
    // Signed as fetch will send it: the URL parser percent-encodes what a hand-written path left raw.
    const url = new URL(base + buildPathWithQuery(path, opts.query));
    const pathWithQuery = url.pathname + url.search;
    const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    const contentType =
      opts.contentType ?? (opts.rawBody === undefined && opts.body !== undefined ? 'application/json' : undefined);
    const idempotencyKey = WRITE.has(upper) ? (opts.idempotencyKey ?? newIdempotencyKey()) : undefined;
    const maxRetries = options.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      // Headers, not a plain object: names differing only in case must not be sent twice.
      const headers = new Headers({ Accept: 'application/json', ...options.headers, ...opts.headers });
      headers.set('Authorization', `Bearer ${options.apiKey}`);
      if (mode) headers.set('X-Service-Mode', mode);
      if (contentType) headers.set('Content-Type', contentType);
      if (idempotencyKey) {
        headers.set('Idempotency-Key', idempotencyKey);
        if (!options.signingSecret) throw new TypeError('writes need the signing secret');
        const signed = signIntegrationRequest({
          method: upper,
          pathWithQuery,
          body: body ?? '',
          signingSecret: options.signingSecret,
        });
        headers.set('X-Service-Signature', signed['X-Service-Signature']);
      }
      let response: Response;
      try {
        response = await doFetch(url.href, { method: upper, headers, body: body as BodyInit | undefined });
      } catch (error) {
        if (attempt >= maxRetries) throw error;
        await sleep(retryDelayMs(attempt, null, options));
        continue;
      }
      const data =
        opts.responseType === 'bytes' && response.ok
          ? new Uint8Array(await response.arrayBuffer())
          : parseBody(await response.text(), response.headers.get('content-type') ?? '');
      if (attempt < maxRetries && worthRetrying(response.status, data)) {
        await sleep(retryDelayMs(attempt, response.headers.get('retry-after'), options));
        continue;
      }
      return { status: response.status, headers: response.headers, data: data as T };
    }
  }

  /** Like send, but a 4xx/5xx throws IntegrationApiError; resolves to the response body. */
  // biome-ignore lint/suspicious/noExplicitAny: as for send
  async function call<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const result = await send<T>(method, path, opts);
    if (result.status >= 400) throw new IntegrationApiError(result.status, result.data, result.headers);
    return result.data;
  }

  return { send, call };
}

export type Transport = ReturnType<typeof createTransport>;

/**
 * LOCK_CONFLICT done right: read the resource, apply the change to what was read, retry with the fresh
 * lockVersion; other errors pass through.
 */
export async function withLockRetry<T>(attemptWrite: () => Promise<T>, { attempts = 3 } = {}): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attemptWrite();
    } catch (error) {
      if (!(error instanceof IntegrationApiError) || error.code !== 'LOCK_CONFLICT' || i >= attempts) throw error;
    }
  }
}
