import { describe, expect, it } from 'vitest';
import { routeTemplates, UNMATCHED_ROUTE } from '../http/metrics';
import { appRoutes } from './app-routes';

// The templates requests are counted under (GET /api/metrics), from this application's own app/ folder.
describe('appRoutes: the route templates of this application', () => {
  const routeOf = routeTemplates(appRoutes());
  const id = '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f';

  it.each([
    [`/api/v1/products/${id}`, '/api/v1/products/{id}'],
    [`/api/v1/products/${id}/bms-update`, '/api/v1/products/{id}/bms-update'],
    ['/api/v1/products', '/api/v1/products'],
    ['/api/dpp/acme-cell-7', '/api/dpp/{slug}'],
    ['/api/dpp/acme-cell-7/v/3', '/api/dpp/{slug}/v/{version}'],
    ['/01/09506000134352/21/SN%2F1', '/01/{gtin}/21/{serial}'],
    ['/01/09506000134352', '/01/{gtin}'],
    [`/portal/passports/${id}`, '/portal/passports/{id}'],
    ['/portal', '/portal'],
    ['/api/health', '/api/health'],
    ['/api/metrics', '/api/metrics'],
    ['/api/v1/openapi.json', '/api/v1/openapi.json'],
    ['/api/auth/callback/credentials', '/api/auth/{nextauth*}'],
    ['/_next/static/chunks/app.js', '/_next/{asset*}'],
    ['/', '/'],
    ['/.env', UNMATCHED_ROUTE],
  ])('%s is counted as %s', (path, template) => {
    expect(routeOf(path)).toBe(template);
  });

  it('leaves route groups and parallel slots out of the addresses', () => {
    const routes = appRoutes();
    expect(routes.some((route) => /\/\(|\/@/.test(route))).toBe(false);
    expect(routes).toContain('/dpp/[slug]');
  });
});
