import { describe, expect, it } from 'vitest';
import { forwardedRequestHeaders } from './forwarded-headers';
import { newNonce, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('forbids sniffing, framing, plugins and foreign form targets on every answer', () => {
    for (const nonce of [undefined, newNonce()]) {
      const headers = securityHeaders({ pathname: '/dpp/x', baseUrl: 'http://localhost:3000', nonce });
      expect(headers).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' });
      expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
      expect(headers['Content-Security-Policy']).toContain("form-action 'self'");
      expect(headers['Content-Security-Policy']).toContain("object-src 'none'");
      expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it("lets a page run only scripts carrying this answer's nonce, never inline code without it", () => {
    const nonce = newNonce();
    const policy = securityHeaders({ pathname: '/portal', baseUrl: 'http://localhost:3000', nonce })[
      'Content-Security-Policy'
    ];
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('gives every page answer a different, unguessable nonce', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('lets nothing run or load from a JSON answer', () => {
    expect(
      securityHeaders({ pathname: '/api/dpp/x', baseUrl: 'http://localhost:3000' })['Content-Security-Policy'],
    ).toMatch(/^default-src 'none'/);
  });

  it('sends no referrer from the token-carrying PoLI links', () => {
    expect(securityHeaders({ pathname: '/api/poli/access', baseUrl: 'http://localhost:3000' })['Referrer-Policy']).toBe(
      'no-referrer',
    );
  });

  it('asks for HSTS and upgraded subresources only when the service is served over https', () => {
    expect(securityHeaders({ pathname: '/', baseUrl: 'http://localhost:3000' })).not.toHaveProperty(
      'Strict-Transport-Security',
    );
    const https = securityHeaders({ pathname: '/', baseUrl: 'https://passports.example.com', nonce: newNonce() });
    expect(https['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(https['Content-Security-Policy']).toContain('upgrade-insecure-requests');
  });

  it("hands the page's policy to the renderer and never a client's own copy", () => {
    const incoming = new Headers({ 'content-security-policy': "script-src 'nonce-chosen-by-client'" });
    expect(forwardedRequestHeaders(incoming, { requestId: 'r' }).get('content-security-policy')).toBeNull();
    const policy = securityHeaders({ pathname: '/', baseUrl: 'http://localhost:3000', nonce: 'abc' })[
      'Content-Security-Policy'
    ];
    expect(
      forwardedRequestHeaders(incoming, { requestId: 'r', contentSecurityPolicy: policy }).get(
        'content-security-policy',
      ),
    ).toBe(policy);
  });
});
