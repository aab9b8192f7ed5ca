import { describe, expect, it } from 'vitest';
import { surfaceOf } from './surface';

describe('surfaceOf', () => {
  it.each([
    ['/api/dpp/cell-1', 'public'],
    ['/api/health', 'public'],
    ['/01/09506000134352', 'public'],
    ['/api/v1', 'integration'],
    ['/api/v1/products/abc', 'integration'],
    ['/api/v1/health', 'integration'],
    ['/api/v1/products/3f0e/bms-update', 'bms'],
    ['/api/v1/products/3f0e/bms-update/', 'bms'],
    ['/api/v1/products/3f0e/bms-update/extra', 'integration'],
    ['/api/v1/bms/openapi.json', 'bms'],
    ['/api/v1/bms/other', 'integration'],
    ['/api/v10/products', 'public'],
  ])('puts %s on the %s surface', (path, surface) => {
    expect(surfaceOf(path)).toBe(surface);
  });
});
