import { describe, expect, it } from 'vitest';
import { createMiddleware } from '../http/middleware/handle-request';

const REQUEST_ID = '6f1c0a52-8a40-4c55-9d3c-2b8e5f0a7d11';
const middleware = (bmsIngestion: boolean, integrationApi = true) =>
  createMiddleware({
    limitEdge: async () => ({ success: true, limit: 120, remaining: 119, resetSeconds: 30 }),
    flags: () => ({ integrationApi, bmsIngestion }),
    newRequestId: () => REQUEST_ID,
    baseUrl: () => 'http://localhost:3000',
  });
const post = (path: string) => new Request(`http://localhost:3000${path}`, { method: 'POST', body: '{}' });

describe('BMS_INGESTION_ENABLED off', () => {
  it('answers 503 FEATURE_FLAG_OFF with the exact BMS body and X-Request-Id, for the endpoint and its document', async () => {
    const off = middleware(false);
    for (const request of [
      post('/api/v1/products/0b7e2c0e-54a4-4a5f-9d2a-3f6f1c2b8e41/bms-update'),
      new Request('http://localhost:3000/api/v1/bms/openapi.json'),
    ]) {
      const response = await off(request);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: 'FEATURE_FLAG_OFF',
        error: 'BMS ingestion is not enabled in this environment.',
      });
      expect(response.headers.get('X-Request-Id')).toBe(REQUEST_ID);
      expect(response.headers.get('RateLimit-Limit')).toBe('120');
    }
  });

  it('lets the BMS document follow the BMS flag, not the Integration API flag', async () => {
    const response = await middleware(true, false)(new Request('http://localhost:3000/api/v1/bms/openapi.json'));
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('RateLimit-Limit')).toBe('120');
  });

  it('leaves RateLimit-* of the update to the route, which adds its per-secret limit', async () => {
    const response = await middleware(true)(post('/api/v1/products/p1/bms-update'));
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('RateLimit-Limit')).toBeNull();
  });
});
