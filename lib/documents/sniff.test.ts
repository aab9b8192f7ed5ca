import { describe, expect, it } from 'vitest';
import { IMPOSTORS, SAMPLES } from '../../testing/document-samples';
import { sniffMediaType } from './sniff';

describe('the file type is decided by the bytes (UNSUPPORTED_MEDIA_TYPE promise)', () => {
  for (const [name, sample] of Object.entries(SAMPLES)) {
    it(`recognises the ${name} sample as ${sample.type}`, async () => {
      expect(await sniffMediaType(sample.bytes)).toBe(sample.type);
    });
  }

  for (const [name, bytes] of Object.entries(IMPOSTORS)) {
    it(`refuses ${name} bytes, whatever they claim to be`, async () => {
      expect(await sniffMediaType(bytes)).toBeNull();
    });
  }

  it('refuses text that is not UTF-8 or carries control characters, and JSON-looking text that does not parse', async () => {
    expect(await sniffMediaType(new Uint8Array([0x61, 0x2c, 0x62, 0x0a, 0xff, 0x2c, 0x64]))).toBeNull();
    expect(await sniffMediaType(new TextEncoder().encode('a,b\n\u0007,d\n'))).toBeNull();
    expect(await sniffMediaType(new TextEncoder().encode('{"a": 1,'))).toBeNull();
  });

  it('takes a comment-led XML document and a tab-separated table', async () => {
    expect(await sniffMediaType(new TextEncoder().encode('<!-- export --><dpp xmlns="urn:x"></dpp>'))).toBe(
      'application/xml',
    );
    expect(await sniffMediaType(new TextEncoder().encode('a\tb\n1\t2\n'))).toBe('text/csv');
  });
});
