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
   * The framework ceiling measured beside this row, in slices interleaved with the row's own, which its ratios use:
   * the machine's speed drifts by a third over minutes and moves within seconds, and cancels out only between
   * measurements taken side by side.
   */
  beside?: Ceiling;
  /**
   * A cost row's figure instead of a rate's ratio: the time of the part it measures over the rest of the operation's
   * (scenario 9's publication row: issuance / (publication - issuance)).
   */
  addedShare?: number;
  /** A timed row's duration (scenario 10: the first back-up copy, the lag of a change), held to `maxSeconds`. */
  seconds?: number;
  notes: string[];
}

export interface Ceiling {
  requestsPerSecond: number;
  p99Ms: number;
  /** The server's CPU per answer over the ceiling's slices; absent where not measured. */
  serverCpuMsPerRequest?: number | null;
}

/** One autocannon run: its answers over its time, every answer's latency (so runs can be pooled), and its costs. */
export interface Slice {
  requests: number;
  seconds: number;
  latenciesMs: number[];
  non2xx: number;
  errors: number;
  /** CPU time of the server's process, and of every PostgreSQL process, over the run; null where not measured. */
  serverCpuMs: number | null;
  databaseCpuMs: number | null;
  peakRssMb: number | null;
}

/** The nearest-rank percentile `p` (0-100) of `values`, to 0.1 ms; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}

function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return Math.round(sorted[rank - 1] * 10) / 10;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const perRequest = (spent: (number | null)[], requests: number) =>
  spent.some((v) => v === null) || requests === 0 ? null : sum(spent as number[]) / requests;

/** Several slices of one kind of request as one measurement: all their answers over all their time, pooled latencies. */
export function pooled(slices: readonly Slice[]) {
  const requests = sum(slices.map((s) => s.requests));
  const seconds = sum(slices.map((s) => s.seconds));
  const latencies = slices.flatMap((s) => s.latenciesMs).sort((a, b) => a - b);
  const peaks = slices.map((s) => s.peakRssMb).filter((v): v is number => v !== null);
  return {
    requests,
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    p50Ms: percentileOfSorted(latencies, 50),
    p99Ms: percentileOfSorted(latencies, 99),
    non2xx: sum(slices.map((s) => s.non2xx)),
    errors: sum(slices.map((s) => s.errors)),
    peakRssMb: peaks.length ? Math.max(...peaks) : null,
    serverCpuMsPerRequest: perRequest(
      slices.map((s) => s.serverCpuMs),
      requests,
    ),
    databaseCpuMsPerRequest: perRequest(
      slices.map((s) => s.databaseCpuMs),
      requests,
    ),
  };
}

/** The framework ceiling's slices around a row, as the one ceiling the row is compared with. */
export function ceilingOfSlices(slices: readonly Slice[]): Ceiling {
  const { requestsPerSecond, p99Ms, serverCpuMsPerRequest } = pooled(slices);
  return { requestsPerSecond, p99Ms, serverCpuMsPerRequest };
}

/**
 * The lengths of the ceiling's slices around a scenario measured in `rounds` slices, `total` seconds in all: one
 * before each of the scenario's slices and one after the last, the two at the ends half as long as the others, so
 * the ceiling's time is centred on the scenario's whichever way the machine drifts.
 */
export function ceilingSliceSeconds(total: number, rounds: number): number[] {
  const inner = total / rounds;
  return [inner / 2, ...Array.from({ length: rounds - 1 }, () => inner), inner / 2];
}

/** The ceiling a row is compared with: the one measured beside it, else the run's first. */
export const ceilingOf = (row: Measured, framework: Ceiling): Ceiling => row.beside ?? framework;

export interface Verdict {
  target: string;
  pass: boolean;
}

export const MAX_RSS_MB = 512;

const minRatio: Record<number, number> = { 1: 0.85, 2: 0.5, 3: 0.8, 4: 0.85, 5: 0.3, 6: 0.4 };

/**
 * Scenario 8's rows by id. Its throughput rows carry items per second in `requestsPerSecond` and are held to the
 * issue's rates (10,000 rows imported in 60 s, published in 120 s); its reads during an import to 0.7 of the ceiling.
 */
interface RowTargets {
  minRatio?: number;
  minPerSecond?: number;
  target?: string;
  maxShare?: number;
  maxSeconds?: number;
}

const ISSUANCE: Record<string, RowTargets> = {
  's8-import': { minPerSecond: 10_000 / 60, target: 'rows/s >= 166.7 (10,000 in 60 s)' },
  's8-publish': { minPerSecond: 10_000 / 120, target: 'passports/s >= 83.3 (10,000 in 120 s)' },
  's8-reads': { minRatio: 0.7 },
  's8-large': {},
};

/**
 * Scenario 9's rows by id (signed passports): the credential route's reads to 0.8 of the ceiling beside them, and
 * a credential's issuance to no more than 20 % added to a publication's time.
 */
const SIGNED: Record<string, RowTargets> = {
  's9-credential': { minRatio: 0.8 },
  's9-publish': { maxShare: 0.2 },
};

/**
 * Scenario 10's rows by id (continuity): a change reaches the back-up within 60 s (the issue's bound); the first copy
 * of the whole set is reported, not bounded; the static export of the set takes under 5 minutes per 10,000 passports.
 */
const CONTINUITY: Record<string, RowTargets> = {
  's10-replicate': {},
  's10-lag': { maxSeconds: 60, target: 'changed passports copied within 60 s' },
  's10-export': { minPerSecond: 10_000 / 300, target: 'passports/s >= 33.3 (10,000 in 300 s)' },
  's10-export-backup': { minPerSecond: 10_000 / 300, target: 'passports/s >= 33.3 (10,000 in 300 s)' },
};

/**
 * Scenario 11's rows by id (a scan storm, 80 % of page views on 20 of 1,000 passports): through deploy/nginx.conf at
 * 10 times the framework ceiling or more; straight at the app no worse than the page views of scenario 2 (0.5); a
 * withdrawal and a BMS value served by the proxy within the contract's 60 s, with no restricted answer and none
 * stale beyond the bound (the row's errors).
 */
const STORM: Record<string, RowTargets> = {
  's11-direct': { minRatio: 0.5 },
  's11-proxy': { minRatio: 10 },
  's11-changes': { maxSeconds: 60, target: 'withdrawal and BMS value served through the proxy within 60 s' },
};

/**
 * Scenario 4's further rows by id: the AAS export (`/api/dpp/{slug}/aas`, stored once per revision like the JSON) read
 * to 0.8 of the ceiling beside it; the JSON-LD row keeps scenario 4's own ratio.
 */
const PUBLIC_READS: Record<string, RowTargets> = {
  's4-aas': { minRatio: 0.8 },
};

const ROW_TARGETS: Record<number, Record<string, RowTargets>> = {
  4: PUBLIC_READS,
  8: ISSUANCE,
  9: SIGNED,
  10: CONTINUITY,
  11: STORM,
};

export const ratio = (value: number, base: number) => (base > 0 ? value / base : 0);

/** A row's requests per second as a share of its ceiling's. */
export const ceilingRatio = (row: Measured, framework: Ceiling) =>
  ratio(row.requestsPerSecond, ceilingOf(row, framework).requestsPerSecond);

/**
 * Every target a row is held to; `lostUpdates` only for scenario 6, `scaleBase` only for 7's largest table, whose
 * rate is compared with the smaller table's as each one's share of the ceiling measured beside it. `framework` is
 * the run's first ceiling.
 */
export function verdicts(
  row: Measured,
  framework: Ceiling,
  extra: { lostUpdates?: number; scaleBase?: Measured } = {},
): Verdict[] {
  const out: Verdict[] = [];
  const ceiling = ceilingOf(row, framework);
  const rows = ROW_TARGETS[row.scenario];
  const perRow = rows ? (rows[row.id] ?? {}) : undefined;
  if (perRow?.minPerSecond !== undefined)
    out.push({ target: perRow.target!, pass: row.requestsPerSecond >= perRow.minPerSecond });
  const maxShare = perRow?.maxShare;
  if (maxShare !== undefined) {
    out.push({
      target: `issuance <= ${maxShare} x the rest of a publication`,
      pass: row.addedShare !== undefined && row.addedShare <= maxShare,
    });
  }
  if (perRow?.maxSeconds !== undefined)
    out.push({ target: perRow.target!, pass: row.seconds !== undefined && row.seconds <= perRow.maxSeconds });
  const min = perRow?.minRatio ?? minRatio[row.scenario];
  if (min !== undefined) {
    out.push({
      target: `req/s >= ${min} x framework`,
      pass: ratio(row.requestsPerSecond, ceiling.requestsPerSecond) >= min,
    });
  }
  if (row.scenario === 1 || row.scenario === 4) {
    // Against the same ceiling: its slices and the row's are measured alike (each after its own warm-up).
    out.push({ target: 'p99 <= 1.5 x framework', pass: row.p99Ms <= 1.5 * ceiling.p99Ms });
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
