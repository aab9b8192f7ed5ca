// `npm test`: every suite in one command. Unit and database-integration tests (Vitest, on a fresh database),
// then a production build and the Playwright browser and HTTP tests against it on another fresh database.
// The browser is settled first (testing/chromium.ts): Debian's Chromium, CHROMIUM_PATH, or Playwright's own,
// installed here when missing; a run that cannot have one stops before any suite with one line saying what to install.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../lib/db/embedded';
import { DEBIAN_CHROMIUM, ensureChromium, INSTALL_COMMAND } from '../testing/chromium';
import { machineChromiumProbe } from '../testing/chromium-probe';
import { createTestDatabase } from '../testing/database';

const args = process.argv.slice(2);
const only = args.find((a) => a === '--unit' || a === '--e2e');
const passThrough = args.filter((a) => a !== '--unit' && a !== '--e2e');

function run(cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv = process.env): number {
  process.stderr.write(`\n$ ${cmd} ${cmdArgs.join(' ')}\n`);
  // npm and npx are .cmd scripts on Windows, which Node starts only through a shell.
  return spawnSync(cmd, cmdArgs, { stdio: 'inherit', env, shell: process.platform === 'win32' }).status ?? 1;
}

function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

mkdirSync('test-results', { recursive: true });

if (only !== '--unit') {
  const installLog = 'test-results/chromium-install.log';
  const browser = ensureChromium(machineChromiumProbe(), () => {
    process.stderr.write(
      `\nNo ${DEBIAN_CHROMIUM} and no CHROMIUM_PATH: $ ${INSTALL_COMMAND} (its output: ${installLog})\n`,
    );
    const [cmd, ...cmdArgs] = INSTALL_COMMAND.split(' ');
    const install = spawnSync(cmd, cmdArgs, { encoding: 'utf8', shell: process.platform === 'win32' });
    writeFileSync(installLog, `${install.stdout ?? ''}${install.stderr ?? ''}${install.error ?? ''}`);
    return install.status === 0;
  });
  if (!browser.ok) {
    console.error(browser.message);
    process.exit(1);
  }
  process.stderr.write(`${browser.note}\n`);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

if (only !== '--e2e') {
  rmSync('test-results/unit-report.json', { force: true });
  const code = run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/unit-report.json',
    ...passThrough,
  ]);
  const report = readJson('test-results/unit-report.json');
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
  if (code !== 0) exitCode = code;
  if (!report && code === 0) exitCode = 1;
}

if (only !== '--unit') {
  const built = run('npm', ['run', '-s', 'build']);
  if (built !== 0) {
    exitCode = built;
    totals.failed += 1;
  } else {
    const db = await createTestDatabase('e2e');
    try {
      rmSync('test-results/e2e-report.json', { force: true });
      const code = run('npx', ['playwright', 'test', ...passThrough], {
        ...process.env,
        DATABASE_URL: db.url,
        E2E_PORT: String(await freePort()),
        APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? randomBytes(32).toString('hex'),
        NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString('hex'),
      });
      const report = readJson('test-results/e2e-report.json');
      if (report) {
        totals.passed += report.stats.expected + report.stats.flaky;
        totals.failed += report.stats.unexpected;
        totals.skipped += report.stats.skipped;
      }
      if (code !== 0) exitCode = code;
      if (!report && code === 0) exitCode = 1;
    } finally {
      await db.dispose();
    }
  }
}

// The closing line CI reads.
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
