import { describe, expect, it } from 'vitest';
import { formatTable } from './table';
import { verdicts, type Measured } from './targets';

const row = (over: Partial<Measured>): Measured => ({
  id: 'x', scenario: 1, label: 'x', requestsPerSecond: 1000, p50Ms: 10, p99Ms: 20, requests: 10_000, non2xx: 0, errors: 0,
  peakRssMb: 200, serverCpuMsPerRequest: null, databaseCpuMsPerRequest: null, scansPerRequest: null, queriesPerRequest: null, notes: [], ...over,
});
const framework = row({ id: 'framework', scenario: 0, label: 'framework ceiling' });
const failed = (r: Measured, extra = {}) => verdicts(r, framework, extra).filter((v) => !v.pass).map((v) => v.target);

describe('bench targets (ratios to the framework ceiling of the same run)', () => {
  it('scenario 1 passes at 0.85 of the ceiling and p99 within 1.5x, fails below', () => {
    expect(failed(row({ requestsPerSecond: 850, p99Ms: 30 }))).toEqual([]);
    expect(failed(row({ requestsPerSecond: 849, p99Ms: 31 }))).toEqual(['req/s >= 0.85 x framework', 'p99 <= 1.5 x framework']);
  });

  it('holds each scenario to its own ratio: 2 at 0.5, 3 at 0.8, 5 at 0.3', () => {
    expect(failed(row({ scenario: 2, requestsPerSecond: 500 }))).toEqual([]);
    expect(failed(row({ scenario: 3, requestsPerSecond: 790 }))).toEqual(['req/s >= 0.8 x framework']);
    expect(failed(row({ scenario: 5, requestsPerSecond: 300 }))).toEqual([]);
  });

  it('fails scenario 6 on any lost update, and any scenario on a non-2xx answer or 512 MB of memory', () => {
    expect(failed(row({ scenario: 6, requestsPerSecond: 400 }), { lostUpdates: 1 })).toEqual(['zero lost updates']);
    expect(failed(row({ non2xx: 1, peakRssMb: 512 }))).toEqual(['peak RSS < 512 MB', 'zero non-2xx and errors']);
  });

  it('fails scenario 7 when the large table serves under 90% of the small one', () => {
    const small = row({ scenario: 7, label: '7 @100' });
    expect(failed(row({ scenario: 7, requestsPerSecond: 900 }), { scaleBase: small })).toEqual([]);
    expect(failed(row({ scenario: 7, requestsPerSecond: 899 }), { scaleBase: small })).toEqual(['req/s within 10% of 7 @100']);
  });

  it('prints one table row per scenario with its ratios and verdict', () => {
    const r = row({ label: '1 GET /api/dpp/{slug}', requestsPerSecond: 500, serverCpuMsPerRequest: 3.456, databaseCpuMsPerRequest: 0.3 });
    const physical = row({ requestsPerSecond: 10_000 });
    const table = formatTable([{ ...r, verdicts: verdicts(r, framework) }], framework, physical);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('| 1 GET /api/dpp/{slug} | 500 | 10.0 | 20.0 | 0/0 | 0.50 | 0.050 | 200 | 3.46 | 0.30 | - | - | FAIL: req/s >= 0.85 x framework |');
  });
});
