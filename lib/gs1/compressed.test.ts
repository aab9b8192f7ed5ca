import { describe, expect, it } from 'vitest';
import { decompressDigitalLinkPath } from './compressed';

// Compressed forms made with GS1's SDK (digital-link.js compressWebUri) from the uncompressed URIs named.
describe('decompressDigitalLinkPath (GS1 Digital Link: Compression; a GS1-Conformant resolver SHALL decompress)', () => {
  it('gives back the uncompressed path of a GTIN, of GTIN + serial and of GTIN + batch + serial', () => {
    expect(decompressDigitalLinkPath('/ARFKk4XBoeI')).toBe('/01/09506000134352');
    expect(decompressDigitalLinkPath('/DBHKVAdpQgqrCg')).toBe('/01/09780345418913/21/43786');
    expect(decompressDigitalLinkPath('/CxFKk4XBoMYP3pCxpG6g')).toBe('/01/09506000134352/10/B-9/21/SN1');
  });

  it('is null for paths that are not compressed Digital Link URIs, never an exception', () => {
    for (const path of [
      '/portal',
      '/issuers',
      '/abcdefgh',
      '/portalxx',
      '/verify-email',
      '/01/09506000134352',
      '/a/b',
    ]) {
      expect(decompressDigitalLinkPath(path), path).toBeNull();
    }
  });
});
