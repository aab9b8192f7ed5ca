import { beforeEach, describe, expect, it, vi } from 'vitest';

// The lookup is replaced by a spy only to count calls: this proves the guard, not the lookup (tested elsewhere).
const findPublicPassport = vi.fn(async () => ({ kind: 'not_found' as const }));
vi.mock('@/lib/passport/public/representations', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/passport/public/representations')>()),
  findPublicPassport,
}));

const { loadByDigitalLink } = await import('./passport-data');

describe('loadByDigitalLink: the resolver pages’ data path', () => {
  beforeEach(() => findPublicPassport.mockClear());

  it('answers not_found for an invalid check digit without any database lookup', async () => {
    expect(await loadByDigitalLink('4012345000017')).toEqual({ kind: 'not_found' });
    expect(await loadByDigitalLink('04012345000017', { ai: '21', segment: 'AB%2F12' })).toEqual({ kind: 'not_found' });
    expect(findPublicPassport).not.toHaveBeenCalled();
  });

  it('looks a valid GTIN up by its GTIN-14 form with the serial exactly as given', async () => {
    await loadByDigitalLink('4012345000016', { ai: '21', segment: 'AB%2F12' });
    expect(findPublicPassport).toHaveBeenCalledWith({ gtin: '04012345000016', serialNumber: 'AB/12' });
  });
});
