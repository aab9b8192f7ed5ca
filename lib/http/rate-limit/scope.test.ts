import { describe, expect, it } from 'vitest';
import { edgeLimitApplies, routeLimitPolicy } from './scope';

describe('edgeLimitApplies', () => {
  it("covers every /api path except exactly /api/health, and the issuers' documents", () => {
    expect(edgeLimitApplies('/issuers/acme/did.json')).toBe(true);
    expect(edgeLimitApplies('/issuers/acme/status/1/revocation')).toBe(true);
    expect(edgeLimitApplies('/api/health')).toBe(false);
    expect(edgeLimitApplies('/api/v1/health')).toBe(true);
    expect(edgeLimitApplies('/api/health/deep')).toBe(true);
    expect(edgeLimitApplies('/api/dpp/x')).toBe(true);
    expect(edgeLimitApplies('/dpp/x')).toBe(false);
  });
});

describe('routeLimitPolicy', () => {
  it.each([
    ['GET', '/api/dpp/cell-1', 'dpp'],
    ['HEAD', '/api/dpp/cell-1', 'dpp'],
    ['GET', '/api/dpp/cell-1/jsonld', null],
    ['GET', '/api/dpp/cell-1/v/2', null],
    ['GET', '/api/v1/products', 'apiKey'],
    ['POST', '/api/v1/products/p1/submit', 'apiKey'],
    ['GET', '/api/v1/health', null],
    ['GET', '/api/v1/openapi.json', null],
    ['OPTIONS', '/api/v1/products', null],
    ['POST', '/api/v1/products/p1/bms-update', 'bmsSecret'],
    ['GET', '/api/v1/products/p1/bms-update', null],
    ['GET', '/api/v1/bms/openapi.json', null],
    ['GET', '/api/health', null],
  ])('%s %s is limited by the route as %s', (method, path, policy) => {
    expect(routeLimitPolicy(method, path)).toBe(policy);
  });
});
