import { describe, expect, it } from 'vitest';
import { keptOutOfIndexes } from './product-by-key';
import { namesOnePassport } from './representations';

describe('keptOutOfIndexes: X-Robots-Tag on a passport page', () => {
  it('is noindex for a withdrawn passport only', () => {
    expect(keptOutOfIndexes({ state: 'WITHDRAWN', version: 2 })).toBe(true);
    expect(keptOutOfIndexes({ state: 'APPROVED', version: 2 })).toBe(false);
    expect(keptOutOfIndexes({ state: 'WITHDRAWN', version: 0 })).toBe(false);
    expect(keptOutOfIndexes(null)).toBe(false);
  });
});

describe('namesOnePassport: the addresses whose page can be stored', () => {
  it('is a slug or a GTIN with a serial number; a bare GTIN or a batch may name more than one passport', () => {
    expect(namesOnePassport({ slug: 'voltaris-vx-75' })).toBe(true);
    expect(namesOnePassport({ gtin: '04012345000016', serialNumber: 'SN-1' })).toBe(true);
    expect(namesOnePassport({ gtin: '04012345000016' })).toBe(false);
    expect(namesOnePassport({ gtin: '04012345000016', batchNumber: 'LOT-7' })).toBe(false);
  });
});
