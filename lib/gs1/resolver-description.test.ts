import { describe, expect, it } from 'vitest';
import { resolverDescription } from './resolver-description';

describe('resolverDescription (GS1 resolver description file at /.well-known/gs1resolver)', () => {
  it('names the resolver root without a trailing slash, GTINs as the only primary key, the viewer as default', () => {
    const doc = resolverDescription('https://passports.example/');
    expect(doc.resolverRoot).toBe('https://passports.example');
    expect(doc.supportedPrimaryKeys).toEqual(['01']);
    expect(doc.linkTypeDefaultCanBeLinkset).toBe(false);
    expect(doc.supportedLinkType).toEqual([
      { namespace: 'https://gs1.org/voc/', prefix: 'gs1:', profile: 'https://gs1.org/voc/?show=linktypes' },
    ]);
  });
});
