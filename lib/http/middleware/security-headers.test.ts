import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('forbids sniffing, framing, plugins and foreign form targets on every answer', () => {
    const headers = securityHeaders({ pathname: '/dpp/x', baseUrl: 'http://localhost:3000' });
    expect(headers).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' });
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Content-Security-Policy']).toContain("form-action 'self'");
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends no referrer from the token-carrying PoLI links', () => {
    expect(securityHeaders({ pathname: '/api/poli/access', baseUrl: 'http://localhost:3000' })['Referrer-Policy']).toBe('no-referrer');
  });

  it('asks for HSTS only when the service is served over https', () => {
    expect(securityHeaders({ pathname: '/', baseUrl: 'http://localhost:3000' })).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaders({ pathname: '/', baseUrl: 'https://passports.example.com' })['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });
});
