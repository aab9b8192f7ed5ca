import { describe, expect, it } from 'vitest';
import { publicUrls } from './product-view';

const base = { slug: 'vx-75', gtin: '04012345000009', serialNumber: 'SN-1', batchNumber: null, version: 1 };

describe('publicUrls', () => {
  it('names the resolver, JSON and JSON-LD addresses of a published live passport', () => {
    const urls = publicUrls({ ...base, mode: 'LIVE', state: 'APPROVED' });
    expect(urls).toEqual({
      passport: 'http://localhost:3000/01/04012345000009/21/SN-1',
      json: 'http://localhost:3000/api/dpp/vx-75',
      jsonld: 'http://localhost:3000/api/dpp/vx-75/jsonld',
    });
  });

  it('keeps them for a revision of a published passport and for a withdrawn one (the addresses still answer)', () => {
    expect(publicUrls({ ...base, mode: 'LIVE', state: 'DRAFT' }).passport).not.toBeNull();
    expect(publicUrls({ ...base, mode: 'LIVE', state: 'WITHDRAWN' }).json).not.toBeNull();
  });

  it('is null for a never-published draft, a deprecated passport and any sandbox passport', () => {
    const none = { passport: null, json: null, jsonld: null };
    expect(publicUrls({ ...base, version: 0, mode: 'LIVE', state: 'SUBMITTED' })).toEqual(none);
    expect(publicUrls({ ...base, mode: 'LIVE', state: 'DEPRECATED' })).toEqual(none);
    expect(publicUrls({ ...base, mode: 'TEST', state: 'APPROVED' })).toEqual(none);
  });
});
