import { cspViolations, nonceOf, scriptNonces } from '../testing/e2e/csp';
import { expect, test } from '../testing/e2e/fixtures';

test.describe('health', () => {
  test('GET /api/health answers 200 healthy with timestamp and build, request id and CORS', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('healthy');
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(typeof body.build).toBe('string');
    expect(body.build.length).toBeGreaterThan(0);
    expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers()['access-control-allow-origin']).toBe('*');
    expect(res.headers()['cache-control']).toContain('no-store');
  });

  test('GET /api/health is exempt from rate limiting', async ({ request }) => {
    for (let i = 0; i < 130; i++) {
      const res = await request.get('/api/health');
      expect(res.status(), `request ${i + 1}`).toBe(200);
    }
  });

  test('OPTIONS preflight on /api/health and /api/dpp/* allows any origin', async ({ request }) => {
    for (const path of ['/api/health', '/api/dpp/some-passport']) {
      const res = await request.fetch(path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://verifier.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(res.status(), path).toBe(204);
      expect(res.headers()['access-control-allow-origin']).toBe('*');
      expect(res.headers()['access-control-allow-methods']).toContain('GET');
    }
  });

  test('GET /api/v1/health needs no key and carries X-Service-Request-Id and RateLimit headers', async ({
    request,
  }) => {
    const res = await request.get('/api/v1/health');
    expect(res.status()).toBe(200);
    expect((await res.json()).status).toBe('healthy');
    expect(res.headers()['x-service-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(res.headers()['ratelimit-limit'])).toBe(120);
    expect(Number(res.headers()['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
    const reset = Number(res.headers()['ratelimit-reset']);
    expect(Number.isInteger(reset) && reset >= 0 && reset <= 60).toBe(true);
  });
});

test.describe('request ids', () => {
  test('a client-sent X-Request-Id is never echoed: the service mints its own', async ({ request }) => {
    const res = await request.get('/api/health', { headers: { 'X-Request-Id': 'attacker-chosen-id' } });
    expect(res.headers()['x-request-id']).not.toBe('attacker-chosen-id');
    expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

test.describe('edge rate limit', () => {
  test('exactly 120 requests per minute per address pass on /api/*, then 429 with Retry-After and the flat body', async ({
    request,
  }) => {
    // Start inside a fresh fixed window so the burst cannot straddle a window boundary.
    const probe = await request.get('/api/health');
    expect(probe.status()).toBe(200);
    const first = await request.get('/api/no-such-route');
    let reset = Number(first.headers()['ratelimit-reset']);
    if (reset < 20) {
      await new Promise((r) => setTimeout(r, (reset + 1) * 1000));
    }
    const start = await request.get('/api/no-such-route');
    expect(start.status()).not.toBe(429);
    let remaining = Number(start.headers()['ratelimit-remaining']);
    expect(Number(start.headers()['ratelimit-limit'])).toBe(120);
    reset = Number(start.headers()['ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    while (remaining > 0) {
      const res = await request.get('/api/no-such-route');
      expect(res.status()).not.toBe(429);
      const next = Number(res.headers()['ratelimit-remaining']);
      expect(next).toBe(remaining - 1);
      remaining = next;
    }
    const refused = await request.get('/api/no-such-route');
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers()['ratelimit-remaining']).toBe('0');
    const body = await refused.json();
    expect(body.code).toBe('RATE_LIMITED');
    expect(typeof body.error).toBe('string');
    expect(body.details).toEqual({});
    // The wait is given in Retry-After only, never in the body.
    expect(JSON.stringify(body)).not.toContain(String(retryAfter));
  });

  test('another address keeps its own budget', async ({ request }) => {
    const res = await request.get('/api/no-such-route', { headers: { 'X-Forwarded-For': '203.0.113.77' } });
    expect(res.status()).not.toBe(429);
  });
});

test.describe('security headers', () => {
  test('pages, the public API and the portal forbid sniffing and framing; the PoLI links send no referrer', async ({
    request,
  }) => {
    for (const path of ['/', '/portal/sign-in', '/api/health', '/api/dpp/no-such-passport']) {
      const headers = (await request.get(path)).headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      // Served over plain http here: no HSTS, which would pin a name to https it cannot answer on.
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
    for (const path of ['/', '/portal/sign-in']) {
      const policy = (await request.get(path)).headers()['content-security-policy'];
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
      expect(policy, path).not.toContain('unsafe-inline');
    }
    const link = await request.get('/api/poli/access?token=not-a-token', { maxRedirects: 0 });
    expect(link.status()).toBe(303);
    expect(link.headers()['referrer-policy']).toBe('no-referrer');
  });
});

test('pages run their own scripts under the nonce policy, and a script without the nonce is refused', async ({
  page,
}) => {
  const violations = cspViolations(page);
  const first = await page.goto('/portal/sign-in');
  const nonce = nonceOf(first!.headers()['content-security-policy']);
  // Every executable script of the page carries this answer's nonce.
  const scripts = await scriptNonces(page);
  expect(scripts.size).toBeGreaterThan(0);
  expect(scripts).toEqual(new Set([nonce]));
  // The page hydrated: the client-side sign-in form answers a wrong password in place.
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('The email or password is not correct.');
  expect(violations).toEqual([]);
  // Markup injected into the page (what a stored XSS would be): an inline script without the nonce does not run,
  // under the policy the server sent with that very answer.
  await page.route('**/portal/sign-in', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</body>', '<script>window.__injected = true</script></body>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/portal/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true)).toBe(false);
  expect(violations.some((v) => /inline script/i.test(v))).toBe(true);
  await page.unroute('**/portal/sign-in');
  // A second answer has a different nonce.
  const second = await page.goto('/');
  expect(second!.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
});
