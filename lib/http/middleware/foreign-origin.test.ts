import { describe, expect, it } from 'vitest';
import { isForeignOriginAction } from './foreign-origin';
import { createMiddleware } from './handle-request';

const post = (path: string, headers: Record<string, string>, method = 'POST') =>
  new Request(`http://service.example${path}`, { method, headers: { host: 'service.example', ...headers } });
const form = { 'content-type': 'multipart/form-data; boundary=x' };

describe('a server action posted with a foreign Origin', () => {
  it.each([
    ['a fetch action', { 'next-action': 'abc123', 'content-type': 'text/plain;charset=UTF-8' }],
    ['a form post without JavaScript (multipart)', form],
    ['a form post without JavaScript (urlencoded)', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('is recognised for %s', (_, headers) => {
    expect(isForeignOriginAction(post('/portal/passports/p1', { ...headers, origin: 'http://attacker.example' }))).toBe(
      true,
    );
    expect(isForeignOriginAction(post('/portal/passports/p1', { ...headers, origin: 'null' }))).toBe(true);
    expect(
      isForeignOriginAction(post('/dpp/x', { ...headers, origin: 'http://service.example.attacker.example' })),
    ).toBe(true);
  });

  it('leaves alone what Next.js lets through: its own origin, no Origin, a forwarded host it matches, GET, /api', () => {
    expect(isForeignOriginAction(post('/portal/x', { ...form, origin: 'http://service.example' }))).toBe(false);
    expect(isForeignOriginAction(post('/portal/x', { ...form, origin: 'http://SERVICE.example' }))).toBe(false);
    expect(isForeignOriginAction(post('/portal/x', form))).toBe(false);
    expect(
      isForeignOriginAction(
        post('/portal/x', { ...form, origin: 'https://dpp.example', 'x-forwarded-host': 'dpp.example, proxy' }),
      ),
    ).toBe(false);
    expect(isForeignOriginAction(post('/portal/x', { origin: 'http://attacker.example' }, 'GET'))).toBe(false);
    expect(
      isForeignOriginAction(post('/api/auth/callback/credentials', { ...form, origin: 'http://attacker.example' })),
    ).toBe(false);
    expect(
      isForeignOriginAction(
        post('/portal/x', { 'content-type': 'application/json', origin: 'http://attacker.example' }),
      ),
    ).toBe(false);
  });

  it('is answered 403 with an HTML page by the middleware, not passed on to Next.js', async () => {
    const middleware = createMiddleware({
      limitEdge: async () => ({ success: true, limit: 120, remaining: 119, resetSeconds: 1 }),
      flags: () => ({ integrationApi: true, bmsIngestion: true }),
      newRequestId: () => 'rid',
    });
    const refused = await middleware(
      post('/portal/passports/p1', { 'next-action': 'abc', origin: 'http://attacker.example' }),
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('x-middleware-next')).toBeNull();
    expect(await refused.text()).toMatch(/<h1>Request refused<\/h1>/);
    const own = await middleware(
      post('/portal/passports/p1', { 'next-action': 'abc', origin: 'http://service.example' }),
    );
    expect(own.headers.get('x-middleware-next')).toBe('1');
  });
});
