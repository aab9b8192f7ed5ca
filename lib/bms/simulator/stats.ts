/** Nearest-rank percentile (p in 0..100) of a list of numbers; null for an empty list. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (!(p >= 0 && p <= 100)) throw new RangeError('p must lie between 0 and 100');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface RunSummary {
  sent: number;
  accepted: number;
  /** Refusals by the body's `code` (`NETWORK` when no answer arrived). */
  rejected: Record<string, number>;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null };
}

export interface Outcome {
  status: number;
  code: string | null;
  latencyMs: number;
}

export function summarise(outcomes: readonly Outcome[]): RunSummary {
  const rejected: Record<string, number> = {};
  for (const o of outcomes)
    if (o.status !== 200) rejected[o.code ?? `HTTP_${o.status}`] = (rejected[o.code ?? `HTTP_${o.status}`] ?? 0) + 1;
  const latencies = outcomes.map((o) => o.latencyMs);
  const ms = (p: number) => {
    const v = percentile(latencies, p);
    return v === null ? null : Math.round(v * 10) / 10;
  };
  return {
    sent: outcomes.length,
    accepted: outcomes.filter((o) => o.status === 200).length,
    rejected,
    latencyMs: { p50: ms(50), p95: ms(95), p99: ms(99) },
  };
}

/** The closing summary as a firmware engineer reads it. */
export function formatSummary(s: RunSummary): string {
  const codes =
    Object.entries(s.rejected)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ') || 'none';
  const fmt = (v: number | null) => (v === null ? '-' : `${v} ms`);
  return [
    `sent ${s.sent}, accepted ${s.accepted}, rejected ${s.sent - s.accepted} (${codes})`,
    `latency p50 ${fmt(s.latencyMs.p50)}, p95 ${fmt(s.latencyMs.p95)}, p99 ${fmt(s.latencyMs.p99)}`,
  ].join('\n');
}
