import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CACHING,
  type CachedSurface,
  cachingTableMarkdown,
  STALENESS_BOUND_SECONDS,
  worstStalenessSeconds,
} from './caching';

const rows = Object.entries(CACHING) as [CachedSurface, (typeof CACHING)[CachedSurface]][];

describe('the caching table', () => {
  it('is shown in docs/public-api.md as it is in the code', () => {
    const doc = readFileSync('docs/public-api.md', 'utf8');
    const shown = /<!-- caching-table:start -->\n([\s\S]*?)\n<!-- caching-table:end -->/.exec(doc)?.[1];
    expect(shown, 'the table between the caching-table markers').toBe(cachingTableMarkdown());
  });

  it(`keeps every copy any cache may serve younger than the contract's ${STALENESS_BOUND_SECONDS} s, even a browser's behind a cache that sends no Age`, () => {
    for (const [surface, { cacheControl }] of rows) {
      expect(worstStalenessSeconds(cacheControl), surface).toBeLessThanOrEqual(STALENESS_BOUND_SECONDS / 2);
      // The chain's worst case: the shared cache's copy, then the browser's own window on top of it.
      const browser = cacheControl.replace(/s-maxage=\d+/, 's-maxage=0');
      expect(worstStalenessSeconds(cacheControl) + worstStalenessSeconds(browser), surface).toBeLessThan(
        STALENESS_BOUND_SECONDS,
      );
      expect(cacheControl, surface).not.toContain('stale-if-error');
    }
  });

  it('lets no cache keep what depends on who asks, and gives the 410 the header the contract fixes', () => {
    expect(CACHING['restricted-page'].cacheControl).toBe('private, no-store');
    expect(CACHING.private.cacheControl).toBe('no-store');
    expect(CACHING.withdrawn.cacheControl).toBe('public, max-age=0, must-revalidate');
    expect(CACHING.page.vary).toContain('Cookie');
  });

  it('reads a Cache-Control value the way a cache does', () => {
    expect(worstStalenessSeconds('public, max-age=0, s-maxage=15, stale-while-revalidate=15')).toBe(30);
    expect(worstStalenessSeconds('public, max-age=0, must-revalidate')).toBe(0);
    expect(worstStalenessSeconds('public, max-age=10, must-revalidate, stale-while-revalidate=30')).toBe(10);
    expect(worstStalenessSeconds('private, no-store')).toBe(0);
  });
});
