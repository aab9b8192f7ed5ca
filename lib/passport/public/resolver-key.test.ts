import { describe, expect, it } from 'vitest';
import { parseResolverPath, resolverKey } from './resolver-key';

// 4012345000016 is a valid GTIN-13 (GS1's example company prefix); its GTIN-14 form has one leading zero.
describe('resolverKey: the resolver guard that runs before any database lookup', () => {
  it('normalises GTIN-8, -12, -13 and -14 to the GTIN-14 used for lookup', () => {
    expect(resolverKey('96385074')).toEqual({ gtin: '00000096385074' });
    expect(resolverKey('036000291452')).toEqual({ gtin: '00036000291452' });
    expect(resolverKey('4012345000016')).toEqual({ gtin: '04012345000016' });
    expect(resolverKey('04012345000016')).toEqual({ gtin: '04012345000016' });
  });

  it('refuses an invalid check digit, a wrong length and non-digits, so the page answers 404 without a lookup', () => {
    expect(resolverKey('4012345000017')).toBeNull();
    expect(resolverKey('04012345000017', { ai: '21', segment: 'X' })).toBeNull();
    expect(resolverKey('401234500001')).toBeNull();
    expect(resolverKey('401234500001a')).toBeNull();
  });

  it('percent-decodes a serial or batch exactly once', () => {
    expect(resolverKey('4012345000016', { ai: '21', segment: 'AB%2F12' })).toEqual({
      gtin: '04012345000016',
      serialNumber: 'AB/12',
    });
    expect(resolverKey('4012345000016', { ai: '21', segment: 'AB%252F12' })).toEqual({
      gtin: '04012345000016',
      serialNumber: 'AB%2F12',
    });
    expect(resolverKey('4012345000016', { ai: '10', segment: 'B%207' })).toEqual({
      gtin: '04012345000016',
      batchNumber: 'B 7',
    });
  });

  it('refuses an empty or malformed serial or batch', () => {
    expect(resolverKey('4012345000016', { ai: '21', segment: '' })).toBeNull();
    expect(resolverKey('4012345000016', { ai: '10', segment: '%E0%A4%A' })).toBeNull();
  });
});

describe('parseResolverPath: which paths the resolver answers and for which key', () => {
  it('reads the three GS1 Digital Link forms and /dpp/{slug}', () => {
    expect(parseResolverPath('/01/4012345000016')).toEqual({ key: { gtin: '04012345000016' } });
    expect(parseResolverPath('/01/4012345000016/21/AB%2F12')).toEqual({
      key: { gtin: '04012345000016', serialNumber: 'AB/12' },
    });
    expect(parseResolverPath('/01/04012345000016/10/B7')).toEqual({
      key: { gtin: '04012345000016', batchNumber: 'B7' },
    });
    expect(parseResolverPath('/dpp/voltaris-vx-75')).toEqual({ key: { slug: 'voltaris-vx-75' } });
  });

  it('gives a resolver path with no key for a bad check digit or a malformed segment (404 without a lookup)', () => {
    expect(parseResolverPath('/01/4012345000017')).toEqual({ key: null });
    expect(parseResolverPath('/01/4012345000016/21/%E0%A4%A')).toEqual({ key: null });
    expect(parseResolverPath('/dpp/%E0%A4%A')).toEqual({ key: null });
  });

  it('reads batch then serial, the order GS1 Digital Link syntax fixes, as the one item of that batch', () => {
    expect(parseResolverPath('/01/4012345000016/10/B%207/21/AB%2F12')).toEqual({
      key: { gtin: '04012345000016', batchNumber: 'B 7', serialNumber: 'AB/12' },
    });
  });

  it('tolerates one trailing slash (GS1-Conformant resolver: SHOULD NOT fail if one is present)', () => {
    expect(parseResolverPath('/01/4012345000016/21/S1/')).toEqual(parseResolverPath('/01/4012345000016/21/S1'));
    expect(parseResolverPath('/01/4012345000016/')).toEqual(parseResolverPath('/01/4012345000016'));
    expect(parseResolverPath('/dpp/voltaris-vx-75/')).toEqual({ key: { slug: 'voltaris-vx-75' } });
  });

  it('names no passport for a consumer product variant (AI 22): passports record none, so it is unknown', () => {
    expect(parseResolverPath('/01/4012345000016/22/V1')).toEqual({ key: null });
    expect(parseResolverPath('/01/4012345000016/22/V1/10/B/21/S')).toEqual({ key: null });
  });

  it('reports a path under /01/ that breaks Digital Link syntax as malformed (the resolver answers 400)', () => {
    for (const path of [
      '/01/',
      '/01/4012345000016/21/S1/10/B7',
      '/01/4012345000016/10/B7/22/V1',
      '/01/4012345000016/21/S1/21/S2',
      '/01/4012345000016/21/X/extra',
      '/01/4012345000016/17/261231',
      '/01/4012345000016/21',
      '/01/4012345000016//21/S1',
      '/01/4012345000016/21/S1//',
    ]) {
      expect(parseResolverPath(path)?.malformed, path).toEqual(expect.any(String));
      expect(parseResolverPath(path)?.key, path).toBeNull();
    }
  });

  it('is null for every other path', () => {
    for (const path of ['/', '/01', '/011/4012345000016', '/dpp/a/b', '/api/dpp/x', '/portal']) {
      expect(parseResolverPath(path), path).toBeNull();
    }
  });
});
