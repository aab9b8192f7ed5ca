// The run's one table: printed, and written with every figure as JSON under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { BenchArgs } from '../lib/bench/args';
import { formatTable, type Row } from '../lib/bench/table';
import { type Measured, verdicts } from '../lib/bench/targets';

export function report(
  args: BenchArgs,
  measured: Measured[],
  extra: { lostUpdates?: number; settings: Record<string, unknown> },
): string {
  const physical = measured.find((m) => m.id === 'physical')!;
  const framework = measured.find((m) => m.id === 'framework')!;
  const scale = measured.filter((m) => m.scenario === 7);
  const rows: Row[] = measured.map((m) => ({
    ...m,
    verdicts:
      m.scenario === 0
        ? []
        : verdicts(m, framework, {
            lostUpdates: m.scenario === 6 ? extra.lostUpdates : undefined,
            scaleBase: m.scenario === 7 && scale.length > 1 && m === scale[scale.length - 1] ? scale[0] : undefined,
          }),
  }));
  const table = formatTable(rows, framework, physical);
  const at = new Date().toISOString();
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${at.replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    file,
    `${JSON.stringify({ at, args, machine: { cpus: cpus().length, node: process.version }, ...extra, rows, table }, null, 2)}\n`,
  );
  const notes = measured.flatMap((m) => m.notes.map((note) => `- ${m.label}: ${note}`));
  return `${table}\n${notes.length ? `\n${notes.join('\n')}\n` : ''}\nWritten to ${file}`;
}
