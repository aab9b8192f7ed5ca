// HTTP contract test of GET /api/v1/openapi.json: served without credentials, a valid OpenAPI 3.1 document that
// lists every Integration API operation, revalidated with its ETag.
import SwaggerParser from '@apidevtools/swagger-parser';
import { INTEGRATION_ENDPOINTS } from '../lib/integration/api';
import { expect, test } from '../testing/e2e/fixtures';
import { BASE_URL, newTenant } from '../testing/e2e/integration';

type ParserInput = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;

test.describe('GET /api/v1/openapi.json', () => {
  test('answers 200 application/json without credentials: a valid OpenAPI 3.1 document listing every endpoint', async ({
    request,
  }) => {
    const res = await request.get('/api/v1/openapi.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers()['x-service-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers()['ratelimit-limit']).toBeDefined();
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: BASE_URL })]);
    await expect(SwaggerParser.validate(structuredClone(doc) as ParserInput)).resolves.toBeDefined();
    for (const endpoint of INTEGRATION_ENDPOINTS) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toMatchObject({
        operationId: endpoint.operationId,
        'x-required-scope': endpoint.scope,
      });
    }
    for (const path of [
      '/api/v1/health',
      '/api/v1/openapi.json',
      '/api/v1/meta',
      '/api/v1/industries',
      '/api/v1/categories',
      '/api/v1/categories/{code}/schema',
      '/api/v1/categories/{code}/diff',
      '/api/v1/categories/{code}/erp-template',
      '/api/v1/suppliers',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  test('carries a strong ETag and answers 304 to If-None-Match', async ({ request }) => {
    const first = await request.get('/api/v1/openapi.json');
    const etag = first.headers().etag;
    const { createHash } = await import('node:crypto');
    expect(etag).toBe(
      `"${createHash('sha256')
        .update(await first.body())
        .digest('hex')}"`,
    );
    const again = await request.get('/api/v1/openapi.json', { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
    expect(again.headers().etag).toBe(etag);
  });

  test('the client reads the same document and the health operation it describes', async () => {
    const { client } = await newTenant({ scopes: ['category:read'] });
    const doc = await client.openapi();
    expect(Object.keys(doc.paths)).toContain('/api/v1/health');
    const health = await client.health();
    expect(health).toMatchObject({ status: 'healthy', timestamp: expect.any(String), build: expect.any(String) });
  });
});
