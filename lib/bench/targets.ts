// The targets, as ratios to the framework ceiling measured in the same run.
export interface Measured {
  id: string;
  /** The scenario number; 0 for the baselines. */
  scenario: number;
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  peakRssMb: number | null;
  /**
   * CPU time of the server's process, and of every PostgreSQL process, per request over the measured run: a figure
   * that varies far less than requests per second on a shared machine. Null where not measured.
   */
  serverCpuMsPerRequest: number | null;
  databaseCpuMsPerRequest: number | null;
  scansPerRequest: number | null;
  /** Prisma query events per request, less the idle app's own rate; null where not counted. */
  queriesPerRequest: number | null;
  notes: string[];
}

export interface Verdict {
  target: string;
  pass: boolean;
}

export const MAX_RSS_MB = 512;

const minRatio: Record<number, number> = { 1: 0.85, 2: 0.5, 3: 0.8, 4: 0.85, 5: 0.3, 6: 0.4 };

export const ratio = (value: number, base: number) => (base > 0 ? value / base : 0);

/** Every target a row is held to; `lostUpdates` only for scenario 6, `scale` only for 7's largest table. */
export function verdicts(row: Measured, ceiling: Measured, extra: { lostUpdates?: number; scaleBase?: Measured } = {}): Verdict[] {
  const out: Verdict[] = [];
  const min = minRatio[row.scenario];
  if (min !== undefined) {
    out.push({ target: `req/s >= ${min} x framework`, pass: ratio(row.requestsPerSecond, ceiling.requestsPerSecond) >= min });
  }
  if (row.scenario === 1 || row.scenario === 4) {
    out.push({ target: 'p99 <= 1.5 x framework', pass: row.p99Ms <= 1.5 * ceiling.p99Ms });
  }
  if (row.scenario === 6) out.push({ target: 'zero lost updates', pass: extra.lostUpdates === 0 });
  if (extra.scaleBase) {
    out.push({ target: `req/s within 10% of ${extra.scaleBase.label}`, pass: row.requestsPerSecond >= 0.9 * extra.scaleBase.requestsPerSecond });
  }
  if (row.peakRssMb !== null) out.push({ target: `peak RSS < ${MAX_RSS_MB} MB`, pass: row.peakRssMb < MAX_RSS_MB });
  if (row.scenario > 0) out.push({ target: 'zero non-2xx and errors', pass: row.non2xx === 0 && row.errors === 0 });
  return out;
}
