// What `npm audit --omit=dev --json` printed, judged: serious (high or critical) advisories fail the audit; a report
// without counts means the advisory endpoint could not be used, so no audit took place.
export interface AuditReport {
  vulnerabilities?: Record<string, { severity: string; fixAvailable?: unknown }>;
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  error?: { summary?: string };
}

export type AuditVerdict =
  | { performed: false; why: string }
  | {
      performed: true;
      counts: Record<string, number>;
      serious: { name: string; severity: string; fixAvailable: boolean }[];
    };

export function judgeAudit(report: AuditReport): AuditVerdict {
  const counts = report.metadata?.vulnerabilities;
  if (!counts) return { performed: false, why: report.error?.summary || report.message || 'npm audit gave no report' };
  const serious = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
    .map(([name, v]) => ({ name, severity: v.severity, fixAvailable: Boolean(v.fixAvailable) }));
  return { performed: true, counts, serious };
}
