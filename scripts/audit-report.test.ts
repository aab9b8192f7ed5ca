import { describe, expect, it } from 'vitest';
import { judgeAudit } from './audit-report';

describe('judgeAudit', () => {
  it('fails on a high or critical advisory and names the package', () => {
    const verdict = judgeAudit({
      metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 1, critical: 1, total: 3 } },
      vulnerabilities: {
        a: { severity: 'low' },
        b: { severity: 'high', fixAvailable: true },
        c: { severity: 'critical', fixAvailable: false },
      },
    });
    expect(verdict).toEqual({
      performed: true,
      counts: { info: 0, low: 1, moderate: 0, high: 1, critical: 1, total: 3 },
      serious: [
        { name: 'b', severity: 'high', fixAvailable: true },
        { name: 'c', severity: 'critical', fixAvailable: false },
      ],
    });
  });

  it('passes with only low and moderate advisories', () => {
    const verdict = judgeAudit({
      metadata: { vulnerabilities: { low: 2, moderate: 1 } },
      vulnerabilities: { a: { severity: 'moderate' } },
    });
    expect(verdict.performed && verdict.serious).toEqual([]);
  });

  it('says no audit took place when the advisory endpoint refused (never a silent pass)', () => {
    expect(
      judgeAudit({
        message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
        error: { summary: '' },
      }),
    ).toEqual({
      performed: false,
      why: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
  });
});
