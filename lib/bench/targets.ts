// The targets, as ratios to the framework ceiling measured in the same run, beside each row.
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
  /**
   * The framework ceiling measured beside this row (half its duration just before, half just after), which its
   * req/s ratio uses: the machine's speed drifts by a third over minutes, and cancels out only between neighbours.
   */
  beside?: Ceiling;
  notes: string[];
}

export interface Ceiling {
  requestsPerSecond: number;
  p99Ms: number;
}

/** The two halves of a ceiling measured around a row, as one: all their answers over all their time, the mean p99. */
export function combineCeilings(before: Measured, after: Measured): Ceiling {
  const seconds = (m: Measured) => (m.requestsPerSecond > 0 ? m.requests / m.requestsPerSecond : 0);
  const total = seconds(before) + seconds(after);
  return {
    requestsPerSecond: total > 0 ? (before.requests + after.requests) / total : 0,
    p99Ms: (before.p99Ms + after.p99Ms) / 2,
  };
}

/** The ceiling a row is compared with: the one measured beside it, else the run's first. */
export const ceilingOf = (row: Measured, framework: Ceiling): Ceiling => row.beside ?? framework;

export interface Verdict {
  target: string;
  pass: boolean;
}

export const MAX_RSS_MB = 512;

const minRatio: Record<number, number> = { 1: 0.85, 2: 0.5, 3: 0.8, 4: 0.85, 5: 0.3, 6: 0.4 };

export const ratio = (value: number, base: number) => (base > 0 ? value / base : 0);

/** A row's requests per second as a share of its ceiling's. */
export const ceilingRatio = (row: Measured, framework: Ceiling) => ratio(row.requestsPerSecond, ceilingOf(row, framework).requestsPerSecond);

/**
 * Every target a row is held to; `lostUpdates` only for scenario 6, `scaleBase` only for 7's largest table, whose
 * rate is compared with the smaller table's as each one's share of the ceiling measured beside it. `framework` is
 * the run's first ceiling.
 */
export function verdicts(row: Measured, framework: Ceiling, extra: { lostUpdates?: number; scaleBase?: Measured } = {}): Verdict[] {
  const out: Verdict[] = [];
  const ceiling = ceilingOf(row, framework);
  const min = minRatio[row.scenario];
  if (min !== undefined) {
    out.push({ target: `req/s >= ${min} x framework`, pass: ratio(row.requestsPerSecond, ceiling.requestsPerSecond) >= min });
  }
  if (row.scenario === 1 || row.scenario === 4) {
    // Against the run's first ceiling, measured for a whole run: the p99 of a half includes its switch of request
    // kinds, and would loosen the bound.
    out.push({ target: 'p99 <= 1.5 x framework', pass: row.p99Ms <= 1.5 * framework.p99Ms });
  }
  if (row.scenario === 6) out.push({ target: 'zero lost updates', pass: extra.lostUpdates === 0 });
  if (extra.scaleBase) {
    out.push({
      target: `req/s within 10% of ${extra.scaleBase.label}`,
      pass: ceilingRatio(row, framework) >= 0.9 * ceilingRatio(extra.scaleBase, framework),
    });
  }
  if (row.peakRssMb !== null) out.push({ target: `peak RSS < ${MAX_RSS_MB} MB`, pass: row.peakRssMb < MAX_RSS_MB });
  if (row.scenario > 0) out.push({ target: 'zero non-2xx and errors', pass: row.non2xx === 0 && row.errors === 0 });
  return out;
}
