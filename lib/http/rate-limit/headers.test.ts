import { describe, expect, it } from 'vitest';
import {
  EDGE_RATE_LIMIT_HEADER,
  edgeLimitFromHeaders,
  encodeEdgeLimit,
  rateLimitHeaders,
  tightestLimit,
} from './headers';

describe('rateLimitHeaders', () => {
  it('writes integer RateLimit-* headers and no Retry-After while requests pass', () => {
    expect(rateLimitHeaders({ success: true, limit: 120, remaining: 119, resetSeconds: 42 })).toEqual({
      'RateLimit-Limit': '120',
      'RateLimit-Remaining': '119',
      'RateLimit-Reset': '42',
    });
  });

  it('adds Retry-After (at least one second) on a refusal', () => {
    expect(rateLimitHeaders({ success: false, limit: 100, remaining: 0, resetSeconds: 0 })['Retry-After']).toBe('1');
    expect(rateLimitHeaders({ success: false, limit: 100, remaining: 0, resetSeconds: 30 })['Retry-After']).toBe('30');
  });
});

describe('tightestLimit', () => {
  const edge = { success: true, limit: 120, remaining: 110, resetSeconds: 20 };
  const dpp = { success: true, limit: 100, remaining: 90, resetSeconds: 20 };

  it('picks the fewest remaining requests', () => {
    expect(tightestLimit(edge, dpp)).toBe(dpp);
  });

  it('picks a refusal over any success', () => {
    const refused = { success: false, limit: 120, remaining: 0, resetSeconds: 5 };
    expect(tightestLimit(dpp, refused, undefined)).toBe(refused);
  });

  it('is undefined when no limit applied', () => {
    expect(tightestLimit(undefined)).toBeUndefined();
  });
});

describe('edge result forwarding', () => {
  it('round-trips through the internal request header', () => {
    const result = { success: true, limit: 120, remaining: 7, resetSeconds: 33 };
    const headers = new Headers({ [EDGE_RATE_LIMIT_HEADER]: encodeEdgeLimit(result) });
    expect(edgeLimitFromHeaders(headers)).toEqual(result);
  });

  it('ignores a malformed or absent header', () => {
    expect(edgeLimitFromHeaders(new Headers({ [EDGE_RATE_LIMIT_HEADER]: 'limit=lots' }))).toBeUndefined();
    expect(edgeLimitFromHeaders(new Headers())).toBeUndefined();
  });
});
