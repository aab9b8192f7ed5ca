// Shared by the abuse and concurrency suites: requests fired all at once with their answers, the fixed-window
// bookkeeping that tells a burst which stayed inside one rate-limit window from one that straddled a boundary, and
// the checks every 429 must pass. Each client's address comes from testing/client-address.ts.
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, else the text. */
  body: any;
  receivedAt: number;
}

/** One HTTP exchange that never follows redirects (PoLI links and sign-in answer with them) and never throws on a status. */
export async function exchange(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  let body: unknown = text;
  if (text && (response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body, receivedAt: Date.now() };
}

/** A request sent but for the last byte of its body; `release` sends that byte and answers the exchange. */
export interface HeldRequest {
  release(): Promise<Answer>;
}

/**
 * Sends the request line, the headers and all of the body but its last byte, and holds it there. The server
 * starts on such a request at once (middleware, a route's work before it reads the body) and then waits for the
 * body; releasing many held requests together makes what follows the body happen almost at one moment, even on
 * a machine too busy to take a burst of fresh requests in under a second.
 */
export function holdRequest(
  url: string,
  { method = 'POST', headers = {}, body }: { method?: string; headers?: Record<string, string>; body: string },
): HeldRequest {
  const bytes = Buffer.from(body, 'utf8');
  if (bytes.length < 1) throw new TypeError('holdRequest needs a body of at least one byte');
  const target = new URL(url);
  let finish = () => {};
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: { ...headers, 'Content-Length': String(bytes.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const json = (responseHeaders.get('content-type') ?? '').includes('json') && text;
          resolve({
            status: res.statusCode ?? 0,
            headers: responseHeaders,
            body: json ? JSON.parse(text) : text,
            receivedAt: Date.now(),
          });
        });
      },
    );
    req.on('error', reject);
    req.write(bytes.subarray(0, bytes.length - 1));
    finish = () => req.end(bytes.subarray(bytes.length - 1));
  });
  return {
    release: () => {
      finish();
      return answer;
    },
  };
}

/** Fires `count` requests at once (none waits for another) and answers them in the order they were made. */
export function burst<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => make(i)));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export interface WindowedBurst<T> {
  result: T;
  startedAt: number;
  finishedAt: number;
  /** Epoch ms at which the one window every request fell into ends. */
  windowEnd: number;
  /** How many bursts were fired before one stayed inside a single window. */
  attempts: number;
}

/**
 * Runs `fire` so that every request it makes is counted in ONE fixed window. The limiter's windows are aligned to
 * the epoch (window n covers [n·w, (n+1)·w)) and this machine's clock is the server's, so a burst whose first send
 * and last answer fall in the same window was counted entirely in it. A burst that straddled a boundary proves
 * nothing either way: it is fired again with fresh identities (`fire` gets the attempt number), or, for a fixed
 * identity (`sameIdentity`: the socket address), once the window its tail reached is over. Bursts start early in
 * a window, so on a healthy machine the first attempt is the one that counts.
 */
export async function inOneWindow<T, P = undefined>(
  windowSeconds: number,
  fire: (attempt: number, prepared: P) => Promise<T>,
  {
    attempts = 6,
    sameIdentity = false,
    prepare,
  }: { attempts?: number; sameIdentity?: boolean; prepare?: (attempt: number) => Promise<P> } = {},
): Promise<WindowedBurst<T>> {
  const windowMs = windowSeconds * 1000;
  // A one-second window is entered right after its start; a longer one needs only some room left.
  const room = windowMs <= 1000 ? windowMs - 30 : Math.min(30_000, windowMs / 4);
  let notBefore = 0;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await sleep(notBefore - Date.now());
    // Work that need not fall inside the window (held requests, say) is done before waiting for a fresh one.
    const prepared = (prepare ? await prepare(attempt) : undefined) as P;
    const into = Date.now() % windowMs;
    if (windowMs - into < room) await sleep(windowMs - into + 5);
    const startedAt = Date.now();
    const result = await fire(attempt, prepared);
    const finishedAt = Date.now();
    const window = Math.floor(startedAt / windowMs);
    if (Math.floor(finishedAt / windowMs) === window)
      return { result, startedAt, finishedAt, windowEnd: (window + 1) * windowMs, attempts: attempt };
    if (sameIdentity) notBefore = (Math.floor(finishedAt / windowMs) + 1) * windowMs + 5;
  }
  throw new Error(`Every one of ${attempts} bursts straddled a ${windowSeconds}-second window boundary`);
}

const integer = (headers: Headers, name: string): number => {
  const raw = headers.get(name);
  expect(raw, `${name} header`).toMatch(/^\d+$/);
  return Number(raw);
};

export const remainingOf = (a: Answer) => integer(a.headers, 'RateLimit-Remaining');
export const limitOf = (a: Answer) => integer(a.headers, 'RateLimit-Limit');

/**
 * An answer a limit let through is the route's own (`statuses`); on a machine too busy to serve the burst it may
 * instead be a 5xx in the surface's envelope (the database pool timed out, say). Those are counted apart by the
 * suites and reported as a figure: they say nothing about the limit either way.
 */
export function expectServed(a: Pick<Answer, 'status' | 'body'>, statuses: number[]): void {
  if (a.status >= 500) expect(JSON.stringify(a.body)).toMatch(/"(INTERNAL_ERROR|INTERNAL|SERVICE_UNAVAILABLE)"/);
  else expect(statuses).toContain(a.status);
}

export const overloaded = (answers: Array<Pick<Answer, 'status'>>) => answers.filter((a) => a.status >= 500).length;

/**
 * RateLimit-Reset is delta seconds until the window ends (not a timestamp): for a request counted between the
 * burst's start and its own answer it lies between what was left of the window at those two moments.
 */
export function expectResetWithin(a: Answer, burst: Pick<WindowedBurst<unknown>, 'startedAt' | 'windowEnd'>): void {
  const reset = integer(a.headers, 'RateLimit-Reset');
  expect(reset).toBeGreaterThanOrEqual(Math.max(0, Math.floor((burst.windowEnd - a.receivedAt) / 1000)));
  expect(reset).toBeLessThanOrEqual(Math.ceil((burst.windowEnd - burst.startedAt) / 1000));
}

export type Surface = 'public' | 'integration' | 'bms';

/**
 * A 429 as the contract promises it: Retry-After (whole seconds, at least 1, at most a window), RateLimit-Limit of
 * the limit that refused, RateLimit-Remaining 0, RateLimit-Reset in delta seconds, the wait never in the body, and
 * the envelope of the surface (public flat, Integration API nested with the request id, BMS `{code, error}`).
 */
export function expectRateLimited(a: Answer, surface: Surface, limit: number, windowSeconds: number): void {
  expect(a.status).toBe(429);
  const retryAfter = integer(a.headers, 'Retry-After');
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(Math.max(1, windowSeconds));
  expect(integer(a.headers, 'RateLimit-Limit')).toBe(limit);
  expect(integer(a.headers, 'RateLimit-Remaining')).toBe(0);
  expect(integer(a.headers, 'RateLimit-Reset')).toBeLessThanOrEqual(windowSeconds);
  expect(a.headers.get('content-type')).toMatch(/^application\/json/);
  if (surface === 'public') {
    expect(a.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED', details: {} });
    expect(a.body.error).not.toMatch(/\d/);
    expect(a.headers.get('X-Request-Id')).toBeTruthy();
  } else if (surface === 'integration') {
    expect(a.body).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.any(String), requestId: a.headers.get('X-Service-Request-Id') },
    });
    expect(a.body.error.message).not.toMatch(/\d/);
  } else {
    expect(a.body).toEqual({ code: 'RATE_LIMITED', error: expect.any(String) });
    expect(a.body.error).not.toMatch(/\d/);
    expect(a.headers.get('X-Request-Id')).toBeTruthy();
  }
}

/**
 * The answers that got past a limit of `limit` in one window: exactly `limit` of them, and (the counter being
 * atomic) their RateLimit-Remaining values are limit-1 … 0, each exactly once.
 */
export function expectExactlyLimitPassed(passed: Answer[], limit: number): void {
  expect(passed).toHaveLength(limit);
  expect(passed.map(remainingOf).sort((a, b) => b - a)).toEqual(Array.from({ length: limit }, (_, i) => limit - 1 - i));
}

/** Splits answers into those a limit refused (429) and the rest. */
export function split(answers: Answer[]): { passed: Answer[]; refused: Answer[] } {
  return { passed: answers.filter((a) => a.status !== 429), refused: answers.filter((a) => a.status === 429) };
}

/** Fisher-Yates, so interleaved request kinds arrive in no fixed order. */
export function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
