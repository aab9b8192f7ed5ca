import { describe, expect, it } from 'vitest';
import { filterQuery, parseAuditFilters } from './filters';

describe('parseAuditFilters', () => {
  it('keeps the known filters, trimmed, drops empty ones and takes the first of repeated values', () => {
    const parsed = parseAuditFilters({
      event: ' Approve ',
      channel: 'Portal',
      role: '',
      actor: ['a', 'b'],
      from: '2026-01-01',
      to: '2026-01-31',
      other: 'x',
    });
    expect(parsed).toEqual({
      ok: true,
      filters: { event: 'Approve', channel: 'Portal', actor: 'a', from: '2026-01-01', to: '2026-01-31' },
      values: { event: 'Approve', channel: 'Portal', actor: 'a', from: '2026-01-01', to: '2026-01-31' },
    });
    expect(parseAuditFilters(new URLSearchParams('product=cell&to=2026-02-28'))).toMatchObject({
      ok: true,
      filters: { product: 'cell', to: '2026-02-28' },
    });
  });

  it('names the filter and says what is wrong for values it cannot use', () => {
    expect(parseAuditFilters({ channel: 'Email' })).toMatchObject({
      ok: false,
      field: 'channel',
      message: 'The channel must be one of Portal, API, System.',
    });
    expect(parseAuditFilters({ from: '2026-02-30' })).toMatchObject({
      ok: false,
      field: 'from',
      message: 'The "from" date must be a calendar date (YYYY-MM-DD).',
    });
    expect(parseAuditFilters({ to: 'yesterday' })).toMatchObject({ ok: false, field: 'to' });
    expect(parseAuditFilters({ from: '2026-03-02', to: '2026-03-01' })).toMatchObject({
      ok: false,
      field: 'to',
      message: 'The "from" date must not be after the "to" date.',
    });
    expect(parseAuditFilters({ product: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      field: 'product',
      message: 'The product search may have at most 200 characters.',
    });
  });

  it('hands back what was entered even when it is invalid, so the form shows it again', () => {
    expect(parseAuditFilters({ from: 'soon', event: 'Submit' })).toMatchObject({
      ok: false,
      values: { from: 'soon', event: 'Submit' },
    });
  });
});

describe('filterQuery', () => {
  it('builds the query string of the set filters plus extras, skipping empty ones', () => {
    expect(filterQuery({ event: 'Approve', product: 'a b&c' }, { cursor: 'xyz', unused: undefined })).toBe(
      'event=Approve&product=a+b%26c&cursor=xyz',
    );
    expect(filterQuery({})).toBe('');
  });
});
