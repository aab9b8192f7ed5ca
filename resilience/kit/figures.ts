// Each suite reports its figures (requests tried, faults survived, cases refused) here; `npm run test:resilience`
// prints them as one table after the run and keeps them in test-results/resilience.json.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

// The runner names one file per run (RESILIENCE_FIGURES), so two runs side by side keep their figures apart.
export const FIGURES_FILE = path.resolve(
  process.env.RESILIENCE_FIGURES ?? path.join('test-results', 'resilience-figures.jsonl'),
);

export interface Figure {
  suite: string;
  name: string;
  value: number | string;
  unit?: string;
}

export function figure(suite: string, name: string, value: number | string, unit?: string): void {
  mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ suite, name, value, unit } satisfies Figure)}\n`);
  process.stdout.write(`  [${suite}] ${name}: ${value}${unit ? ` ${unit}` : ''}\n`);
}

/** `--long` (RESILIENCE_LONG=1): fuzzing with many more runs and the 10-minute load test. */
export const longMode = () => process.env.RESILIENCE_LONG === '1';
