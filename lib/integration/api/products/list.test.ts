import { describe, expect, it } from 'vitest';
import { PageQuery } from '../common';
import { statesOf } from './list';
import { ListQueryFilters } from './schemas';

const Query = PageQuery.extend(ListQueryFilters);

describe('state filter', () => {
  it('accepts API and public names, comma-separated; published is APPROVED', () => {
    expect(statesOf('DRAFT,published,withdrawn')).toEqual(['DRAFT', 'APPROVED', 'WITHDRAWN']);
    expect(statesOf(undefined)).toBeUndefined();
    expect(Query.safeParse({ state: 'SUBMITTED,deprecated' }).success).toBe(true);
  });

  it('refuses unknown names and empty entries', () => {
    for (const state of ['ACTIVE', 'draft,', 'Draft', ',DRAFT']) expect(Query.safeParse({ state }).success).toBe(false);
  });

  it('takes updatedSince as an ISO timestamp with Z or an offset', () => {
    expect(Query.safeParse({ updatedSince: '2026-11-01T00:00:00Z' }).success).toBe(true);
    expect(Query.safeParse({ updatedSince: '2026-11-01T00:00:00+02:00' }).success).toBe(true);
    expect(Query.safeParse({ updatedSince: 'yesterday' }).success).toBe(false);
  });
});
