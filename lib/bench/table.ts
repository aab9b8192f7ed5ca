import { ceilingOf, ceilingRatio, type Measured, ratio, type Verdict } from './targets';

export interface Row extends Measured {
  verdicts: Verdict[];
}

const fixed = (n: number | null, digits = 0) => (n === null || !Number.isFinite(n) ? '-' : n.toFixed(digits));

/**
 * One Markdown table (printed and pasted into docs/performance.md as is). "x framework" is the ratio to the ceiling
 * measured beside the row (its req/s and p99 in the next two columns, its server CPU per answer beside the row's),
 * or to the run's first where none was.
 */
export function formatTable(rows: Row[], framework: Measured, physical: Measured): string {
  const head = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx/errors',
    'x framework',
    'framework beside req/s',
    'framework beside p99 ms',
    'x physical',
    'peak RSS MB',
    'server CPU ms/req',
    'framework beside CPU ms/req',
    'PostgreSQL CPU ms/req',
    'queries/req',
    'scans/req',
    'targets',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const failed = r.verdicts.filter((v) => !v.pass).map((v) => v.target);
    const verdict = r.verdicts.length === 0 ? '-' : failed.length === 0 ? 'pass' : `FAIL: ${failed.join('; ')}`;
    lines.push(
      `| ${[
        r.label,
        fixed(r.requestsPerSecond),
        fixed(r.p50Ms, 1),
        fixed(r.p99Ms, 1),
        `${r.non2xx}/${r.errors}`,
        // A cost row's rate is no request rate: no ratio to a ceiling (its share is in its label).
        r.addedShare === undefined ? fixed(ceilingRatio(r, framework), 2) : '-',
        r.beside ? fixed(ceilingOf(r, framework).requestsPerSecond) : '-',
        r.beside ? fixed(ceilingOf(r, framework).p99Ms, 1) : '-',
        r.addedShare === undefined ? fixed(ratio(r.requestsPerSecond, physical.requestsPerSecond), 3) : '-',
        fixed(r.peakRssMb),
        fixed(r.serverCpuMsPerRequest, 2),
        fixed(r.beside?.serverCpuMsPerRequest ?? null, 2),
        fixed(r.databaseCpuMsPerRequest, 2),
        fixed(r.queriesPerRequest, 2),
        fixed(r.scansPerRequest, 1),
        verdict,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}
