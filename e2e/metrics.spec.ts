import { expect, test } from '../testing/e2e/fixtures';

// The test server runs without METRICS_TOKEN: the metrics are off. With a token, resilience/load.test.ts scrapes
// them (200, counters, labels) and checks the 401s; lib/http/metrics.test.ts covers each refusal.
test.describe('metrics', () => {
  test('GET /api/metrics answers 404 NOT_FOUND, as an unknown address does, while METRICS_TOKEN is not set', async ({
    request,
  }) => {
    for (const headers of [{}, { authorization: 'Bearer any-token-at-all-0123456789abcdef' }] as Record<
      string,
      string
    >[]) {
      const res = await request.get('/api/metrics', { headers });
      expect(res.status()).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.headers()['cache-control']).toBe('no-store');
      expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(await res.text()).not.toContain('bps_http_requests_total');
    }
  });
});
