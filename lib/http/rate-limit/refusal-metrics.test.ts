import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScrape, total } from '../../../testing/metrics';
import { resetConfigForTests } from '../../config';
import { metricsResponse } from '../metrics';
import { limit, resetRateLimiterForTests } from '.';

const TOKEN = 'refusal-metrics-token-0123456789';

async function refusals(policy: string): Promise<number> {
  const res = await metricsResponse(
    new Request('http://svc/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }),
    { token: TOKEN, requestId: 'req' },
  );
  return total(parseScrape(await res.text()), 'bps_rate_limit_refusals_total', { policy });
}

// bps_rate_limit_refusals_total counts what limit() refused, by policy, and nothing it let through.
describe('rate-limit refusals in the metrics', () => {
  const saved = { backend: process.env.RATE_LIMIT_BACKEND, edge: process.env.RATE_LIMIT_EDGE_PER_MINUTE };

  beforeAll(async () => {
    process.env.RATE_LIMIT_BACKEND = 'memory';
    process.env.RATE_LIMIT_EDGE_PER_MINUTE = '2';
    resetConfigForTests();
    await resetRateLimiterForTests();
  });

  afterAll(async () => {
    for (const [name, value] of [
      ['RATE_LIMIT_BACKEND', saved.backend],
      ['RATE_LIMIT_EDGE_PER_MINUTE', saved.edge],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
    await resetRateLimiterForTests();
  });

  it('counts each refusal of the edge limit once, and no request it allowed', async () => {
    const before = await refusals('edge');
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await limit('edge', address)).success);
    expect(results).toEqual([true, true, false, false, false]);
    expect((await refusals('edge')) - before).toBe(3);
  });
});
