// The bench build: production mode in its own dist dir, with the bench's own routes (the framework ceiling and the
// query counter) present only while it builds.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { DIST_DIR } from './app-server';

const BENCH_ROUTES = [
  { from: 'bench/framework-ceiling.route.ts', dir: 'app/api/bench-ceiling' },
  { from: 'bench/small-ceiling.route.ts', dir: 'app/api/bench-ceiling-small' },
  { from: 'bench/query-count.route.ts', dir: 'app/api/bench-queries' },
];

export function buildForBench(): void {
  const tsconfig = readFileSync('tsconfig.json', 'utf8');
  for (const route of BENCH_ROUTES) {
    mkdirSync(route.dir, { recursive: true });
    copyFileSync(route.from, `${route.dir}/route.ts`);
  }
  try {
    process.stderr.write(`\n$ NEXT_DIST_DIR=${DIST_DIR} npm run -s build\n`);
    const status = spawnSync('npm', ['run', '-s', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NEXT_DIST_DIR: DIST_DIR },
    }).status;
    if (status !== 0) throw new Error(`The build failed (exit ${status})`);
  } finally {
    for (const route of BENCH_ROUTES) rmSync(route.dir, { recursive: true, force: true });
    // Next adds its dist dir's type paths to tsconfig.json; the committed file must not change.
    if (readFileSync('tsconfig.json', 'utf8') !== tsconfig) writeFileSync('tsconfig.json', tsconfig);
  }
}

export function requireBuild(): void {
  if (!existsSync(`${DIST_DIR}/BUILD_ID`)) throw new Error(`No ${DIST_DIR} build: run without --no-build once`);
}
