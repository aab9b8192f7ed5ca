// `npm run test:resilience [-- --long] [-- <suite name filter>]`: the resilience suites (resilience/*.test.ts)
// against the production build (built first when there is none), then one table of every suite's figures,
// also written to test-results/resilience.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Figure } from '../resilience/kit/figures';

const args = process.argv.slice(2);
const long = args.includes('--long');
const filters = args.filter((a) => !a.startsWith('--'));

function run(cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv = process.env): number {
  process.stderr.write(`\n$ ${cmd} ${cmdArgs.join(' ')}\n`);
  return spawnSync(cmd, cmdArgs, { stdio: 'inherit', env }).status ?? 1;
}

const distDir = process.env.NEXT_DIST_DIR ?? '.next';
if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  const built = run('npm', ['run', '-s', 'build']);
  if (built !== 0) process.exit(built);
}

mkdirSync('test-results', { recursive: true });
const FIGURES_FILE = path.resolve('test-results', `resilience-figures-${process.pid}.jsonl`);
const REPORT_FILE = path.join('test-results', `resilience-report-${process.pid}.json`);
const code = run(
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'vitest.resilience.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORT_FILE}`,
    ...filters,
  ],
  { ...process.env, RESILIENCE_LONG: long ? '1' : '0', RESILIENCE_FIGURES: FIGURES_FILE },
);

const figures: Figure[] = existsSync(FIGURES_FILE)
  ? readFileSync(FIGURES_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
const report = existsSync(REPORT_FILE) ? JSON.parse(readFileSync(REPORT_FILE, 'utf8')) : null;
rmSync(FIGURES_FILE, { force: true });
rmSync(REPORT_FILE, { force: true });
const summary = {
  mode: long ? 'long' : 'quick',
  finishedAt: new Date().toISOString(),
  tests: report
    ? {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + (report.numTodoTests ?? 0),
      }
    : null,
  figures,
};
writeFileSync('test-results/resilience.json', `${JSON.stringify(summary, null, 2)}\n`);

if (figures.length) {
  const width = Math.max(...figures.map((f) => `${f.suite}: ${f.name}`.length));
  console.log('\nResilience figures');
  for (const f of figures)
    console.log(`  ${`${f.suite}: ${f.name}`.padEnd(width)}  ${f.value}${f.unit ? ` ${f.unit}` : ''}`);
}
// The failures are named again last, after the figures: a log cut to its tail still says what failed and why.
type AssertionResult = { fullName: string; status: string; failureMessages?: string[] };
type FileResult = { name: string; message?: string; assertionResults?: AssertionResult[] };
const failures = ((report?.testResults ?? []) as FileResult[]).flatMap((file) => {
  const where = path.relative(process.cwd(), file.name);
  const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
  if (!failed.length && file.message) return [`${where}: ${file.message}`];
  return failed.map((t) => `${where} > ${t.fullName}: ${t.failureMessages?.[0] ?? ''}`);
});
if (failures.length) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  ${f.split('\n').slice(0, 6).join('\n    ').slice(0, 1500)}`);
}
if (summary.tests)
  console.log(
    `\nresilience: ${summary.tests.passed} passed, ${summary.tests.failed} failed, ${summary.tests.skipped} skipped`,
  );
process.exit(code !== 0 ? code : report ? 0 : 1);
