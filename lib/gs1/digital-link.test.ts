import { describe, expect, it } from 'vitest';
import { digitalLinkPathOf, parseDigitalLinkPath } from './digital-link';

describe('parseDigitalLinkPath (GS1 Digital Link URI syntax 1.4, GTIN primary key)', () => {
  it('reads the GTIN and its key qualifiers 22, 10 and 21 in their order, segments left encoded', () => {
    expect(parseDigitalLinkPath('/01/09506000134352/22/V/10/B%2F1/21/S')).toEqual({
      kind: 'gtin',
      gtin: '09506000134352',
      qualifiers: { '22': 'V', '10': 'B%2F1', '21': 'S' },
    });
    expect(parseDigitalLinkPath('/01/09506000134352')).toEqual({
      kind: 'gtin',
      gtin: '09506000134352',
      qualifiers: {},
    });
  });

  it('refuses qualifiers out of order or repeated, unknown AIs and dangling segments as malformed', () => {
    for (const path of ['/01/1/21/S/10/B', '/01/1/10/A/10/B', '/01/1/21/S/foo', '/01/1/235/X', '/01/1/10']) {
      expect(parseDigitalLinkPath(path)?.kind, path).toBe('malformed');
    }
  });

  it('is null outside /01/', () => {
    expect(parseDigitalLinkPath('/dpp/x')).toBeNull();
    expect(parseDigitalLinkPath('/414/9520123456788')).toBeNull();
  });

  it('writes the qualifiers back in the standard order', () => {
    expect(digitalLinkPathOf('09506000134352', { '21': 'S', '10': 'B' })).toBe('/01/09506000134352/10/B/21/S');
  });
});
