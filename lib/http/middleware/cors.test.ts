import { describe, expect, it } from 'vitest';
import { corsDecision, preflightResponse } from './cors';

describe('corsDecision', () => {
  it.each([
    ['GET', '/api/dpp/cell-1', 'allow'],
    ['HEAD', '/api/dpp/cell-1/jsonld', 'allow'],
    ['GET', '/api/health', 'allow'],
    ['OPTIONS', '/api/dpp/cell-1/v/2', 'preflight'],
    ['OPTIONS', '/api/health', 'preflight'],
    ['GET', '/api/dpp/cell-1/v/2/credential', 'allow'],
    ['GET', '/issuers/acme/did.json', 'allow'],
    ['OPTIONS', '/issuers/acme/status/1/revocation', 'preflight'],
    ['POST', '/issuers/acme/did.json', 'none'],
    ['POST', '/api/dpp/cell-1', 'none'],
    ['GET', '/api/v1/health', 'none'],
    ['OPTIONS', '/api/v1/products', 'none'],
    ['GET', '/api/poli/verify', 'none'],
  ])('%s %s → %s', (method, path, decision) => {
    expect(corsDecision(method, path)).toBe(decision);
  });
});

describe('preflightResponse', () => {
  it('answers 204 allowing any origin to GET', () => {
    const response = preflightResponse();
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, OPTIONS');
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('If-None-Match');
  });
});
