import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientOptions, createTransport, IntegrationApiError, withLockRetry } from './http';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  at: number;
}

const envelope = (status: number, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: { code, message: code, requestId: 'r' } }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const ok = (data: unknown = { ok: true }, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers from a script and remembers every request it was sent. */
function fakeServer(answers: Array<Response | Error>, options: Partial<ClientOptions> = {}) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body as string | undefined,
      at: Date.now(),
    });
    const next = answers.shift() ?? ok();
    if (next instanceof Error) throw next;
    return next;
  });
  const transport = createTransport({
    baseUrl: 'https://passports.example/',
    apiKey: `pk_live_${'a'.repeat(32)}`,
    signingSecret: 'sk_secret',
    fetch: fetch as typeof globalThis.fetch,
    ...options,
  });
  return { transport, sent };
}

/** Recomputes the HMAC an honest server would, from what went over the wire. */
function signatureMatches(s: Sent, secret = 'sk_secret') {
  const [, t, v1] = /^t=(\d+), v1=([0-9a-f]{64})$/.exec(s.headers.get('x-service-signature') ?? '') ?? [];
  const url = new URL(s.url);
  const canonical = `${t}.${s.method}.${url.pathname}${url.search}.${createHash('sha256')
    .update(s.body ?? '')
    .digest('hex')}`;
  return { t: Number(t), valid: createHmac('sha256', secret).update(canonical).digest('hex') === v1 };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the integrator transport', () => {
  it('retries 429, 502 and 503, waiting exactly the Retry-After seconds', async () => {
    vi.useFakeTimers();
    const { transport, sent } = fakeServer([
      envelope(429, 'RATE_LIMITED', { 'retry-after': '2' }),
      envelope(502, 'UPLOAD_FAILED', { 'retry-after': '0' }),
      envelope(503, 'SERVICE_UNAVAILABLE', { 'retry-after': '1' }),
      ok(),
    ]);
    const pending = transport.send('GET', '/api/v1/meta');
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await pending).status).toBe(200);
    // Retry-After: 0 still yields to the event loop (a timer of 0 runs after 1 ms).
    expect(sent.slice(1).map((s, i) => s.at - sent[i].at)).toEqual([2000, 1, 1000]);
  });

  it('backs off exponentially (base doubled per attempt, capped) when there is no Retry-After, then gives up', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { transport, sent } = fakeServer(
      [new TypeError('fetch failed'), envelope(503, 'X'), envelope(502, 'X'), envelope(503, 'LAST')],
      { backoffMs: 100, maxDelayMs: 350 },
    );
    const pending = transport.send('GET', '/api/v1/meta');
    await vi.advanceTimersByTimeAsync(10_000);
    const last = await pending;
    expect([last.status, last.data.error.code]).toEqual([503, 'LAST']);
    const gaps = sent.slice(1).map((s, i) => s.at - sent[i].at);
    expect(gaps).toEqual([100, 200, 350]);
  });

  it('sends one Idempotency-Key on every retry of a write and signs each attempt afresh', async () => {
    vi.useFakeTimers();
    const { transport, sent } = fakeServer(
      [envelope(503, 'X', { 'retry-after': '3' }), new TypeError('socket hang up'), ok({ id: 1 }, 201)],
      { backoffMs: 1000 },
    );
    const pending = transport.send('POST', '/api/v1/products', { body: { name: 'Aurora' }, query: { dryRun: 'no' } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await pending).status).toBe(201);
    expect(new Set(sent.map((s) => s.headers.get('idempotency-key'))).size).toBe(1);
    expect(sent[0].headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    const checks = sent.map((s) => signatureMatches(s));
    expect(checks.every((c) => c.valid)).toBe(true);
    expect(new Set(checks.map((c) => c.t)).size).toBe(3);
    expect(
      sent.every((s) => s.body === '{"name":"Aurora"}' && s.headers.get('content-type') === 'application/json'),
    ).toBe(true);
  });

  it('retries a 500 with the same key (a rolled-back write may succeed later), waiting its Retry-After', async () => {
    const { transport, sent } = fakeServer([
      envelope(500, 'INTERNAL_ERROR', { 'retry-after': '0' }),
      ok({ id: 3 }, 201),
    ]);
    expect((await transport.send('POST', '/api/v1/products', { body: {} })).data).toEqual({ id: 3 });
    expect(sent).toHaveLength(2);
    expect(sent[0].headers.get('idempotency-key')).toBe(sent[1].headers.get('idempotency-key'));
  });

  it('does not retry a 4xx nor a switched-off feature: the answer comes back as it is, and call() throws IntegrationApiError', async () => {
    for (const [status, code] of [
      [400, 'VALIDATION_ERROR'],
      [401, 'INVALID_SIGNATURE'],
      [409, 'LOCK_CONFLICT'],
      [422, 'SUBMIT_BLOCKED'],
      [503, 'FEATURE_DISABLED'],
    ] as const) {
      const { transport, sent } = fakeServer([envelope(status, code), ok()]);
      const error = await transport.call('POST', '/api/v1/products', { body: {} }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IntegrationApiError);
      expect([(error as IntegrationApiError).status, (error as IntegrationApiError).code]).toEqual([status, code]);
      expect(sent).toHaveLength(1);
    }
  });

  it('retries 409 IDEMPOTENCY_IN_PROGRESS with the same key, which then replays', async () => {
    const { transport, sent } = fakeServer([
      envelope(409, 'IDEMPOTENCY_IN_PROGRESS', { 'retry-after': '0' }),
      ok({ id: 7 }, 201),
    ]);
    expect((await transport.send('POST', '/api/v1/products', { body: {} })).data).toEqual({ id: 7 });
    expect(sent[0].headers.get('idempotency-key')).toBe(sent[1].headers.get('idempotency-key'));
  });

  it('signs the path exactly as it goes on the wire, query string included; a query object extends a query in the path', async () => {
    const { transport, sent } = fakeServer([ok(), ok(), ok()]);
    await transport.send('POST', "/api/v1/products?note=O'Brien&b=2&a=1", { body: {} });
    await transport.send('POST', '/api/v1/products', {
      body: {},
      query: { q: 'Zoë & Söhne', empty: '', skipped: undefined },
    });
    await transport.send('GET', '/api/v1/products?state=DRAFT', { query: { limit: 2 } });
    expect(new URL(sent[0].url).search).toBe('?note=O%27Brien&b=2&a=1');
    expect(new URL(sent[2].url).search).toBe('?state=DRAFT&limit=2');
    expect(sent.slice(0, 2).every((s) => signatureMatches(s).valid)).toBe(true);
  });

  it('reads carry neither signature nor Idempotency-Key; a sandbox key always says X-Service-Mode: test, once', async () => {
    const live = fakeServer([ok()]);
    await live.transport.send('GET', '/api/v1/products', { query: { limit: 5 } });
    expect(live.sent[0].url).toBe('https://passports.example/api/v1/products?limit=5');
    for (const name of ['x-service-signature', 'idempotency-key', 'x-service-mode'])
      expect(live.sent[0].headers.get(name)).toBeNull();
    expect(live.sent[0].headers.get('authorization')).toBe(`Bearer pk_live_${'a'.repeat(32)}`);
    const sandbox = fakeServer([ok()], { apiKey: `pk_test_${'b'.repeat(32)}` });
    await sandbox.transport.send('GET', '/api/v1/meta', { headers: { 'x-service-mode': 'live' } });
    expect(sandbox.sent[0].headers.get('x-service-mode')).toBe('test');
  });

  it('refuses to send a write without the signing secret', async () => {
    const { transport, sent } = fakeServer([], { signingSecret: undefined });
    await expect(transport.send('DELETE', '/api/v1/erp-mappings/x')).rejects.toThrow(/signing secret/);
    expect(sent).toHaveLength(0);
  });
});

describe('withLockRetry', () => {
  const lockConflict = () =>
    new IntegrationApiError(409, { error: { code: 'LOCK_CONFLICT', currentLockVersion: 4 } }, new Headers());

  it('re-runs the read-modify-write on LOCK_CONFLICT until it succeeds, at most `attempts` times', async () => {
    const attempt = vi
      .fn()
      .mockRejectedValueOnce(lockConflict())
      .mockRejectedValueOnce(lockConflict())
      .mockResolvedValue('saved');
    expect(await withLockRetry(attempt)).toBe('saved');
    expect(attempt).toHaveBeenCalledTimes(3);
    const always = vi.fn().mockRejectedValue(lockConflict());
    await expect(withLockRetry(always, { attempts: 2 })).rejects.toMatchObject({ code: 'LOCK_CONFLICT' });
    expect(always).toHaveBeenCalledTimes(2);
  });

  it('passes every other error through at once', async () => {
    for (const error of [
      new IntegrationApiError(409, { error: { code: 'INVALID_STATE' } }, new Headers()),
      new TypeError('network'),
    ]) {
      const attempt = vi.fn().mockRejectedValue(error);
      await expect(withLockRetry(attempt)).rejects.toBe(error);
      expect(attempt).toHaveBeenCalledTimes(1);
    }
  });
});
