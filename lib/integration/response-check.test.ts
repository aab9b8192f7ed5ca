import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkResponse, ResponseMismatch, responseProblems, responsesChecked } from './response-check';

afterEach(() => vi.unstubAllEnvs());

const Answer = z.object({
  id: z.string(),
  tags: z.array(z.object({ name: z.string() })),
  data: z.record(z.string(), z.unknown()),
});
const good = { id: 'a', tags: [{ name: 'x' }], data: { anything: { nested: [1] } } };

describe('responseProblems', () => {
  it('finds nothing in a conforming answer, free-form members included', () => {
    expect(responseProblems(Answer, good)).toEqual([]);
  });

  it('names each refused member by its path', () => {
    expect(responseProblems(Answer, { ...good, id: 7, tags: [{}] }).map((p) => p.path)).toEqual(['id', 'tags.0.name']);
  });

  it('names members the schema does not declare, however deep', () => {
    const extra = { ...good, secret: 's', tags: [{ name: 'x', internal: true }] };
    expect(responseProblems(Answer, extra)).toEqual([
      { path: 'tags.0.internal', message: 'member not in the declared schema' },
      { path: 'secret', message: 'member not in the declared schema' },
    ]);
  });

  it('names a member the schema had to supply (a default the answer left out)', () => {
    const withDefault = z.object({ limit: z.number().default(50) });
    expect(responseProblems(withDefault, {})).toEqual([
      { path: 'limit', message: 'member missing (the schema supplies it)' },
    ]);
  });
});

describe('checkResponse', () => {
  const respond = (body: unknown, status = 200, type = 'application/json; charset=utf-8') =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': type } });

  it('throws ResponseMismatch naming the endpoint for a 2xx JSON answer of another shape', async () => {
    const check = checkResponse('GET /api/v1/things', Answer, respond({ id: 'a' }));
    await expect(check).rejects.toThrow(ResponseMismatch);
    await expect(check).rejects.toThrow(/^GET \/api\/v1\/things answered .*tags/);
  });

  it('leaves errors, 204, other media types and the body itself alone', async () => {
    await checkResponse('x', Answer, respond({ error: { code: 'NOT_FOUND' } }, 404));
    await checkResponse('x', Answer, new Response(null, { status: 204 }));
    await checkResponse('x', Answer, respond('a,b', 200, 'text/csv'));
    const response = respond(good);
    await checkResponse('x', Answer, response);
    expect(await response.json()).toEqual(good);
  });

  it('refuses a JSON-labelled answer that is not JSON', async () => {
    await expect(checkResponse('x', Answer, respond('{oops'))).rejects.toThrow(/not JSON/);
  });
});

describe('responsesChecked', () => {
  it('is on in tests and development, off in production', () => {
    expect(responsesChecked()).toBe(true);
    vi.stubEnv('NODE_ENV', 'development');
    expect(responsesChecked()).toBe(true);
    vi.stubEnv('NODE_ENV', 'production');
    expect(responsesChecked()).toBe(false);
  });
});
