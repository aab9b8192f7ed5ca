// The one launcher behind `npm run dev` and `npm start`: database (embedded unless DATABASE_URL is set),
// migrations, reference data, demo data on the embedded default's first start, then the web server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { heapBoundFlag } from './heap-bound';

const dev = process.argv.includes('--dev');

/**
 * V8 grows its heap lazily while memory is plentiful: unbounded, a busy server sits far above what it keeps alive.
 * A production server runs with a bounded old space (scripts/heap-bound.ts). The flag only works at process
 * start, so the launcher starts itself once more with it and passes signals and the exit status through.
 */
function relaunchWithHeapBound(): boolean {
  const flag = heapBoundFlag({ dev, env: process.env, execArgv: process.execArgv });
  if (!flag) return false;
  const child = spawn(process.execPath, [...process.execArgv, flag, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BPS_HEAP_BOUND: 'applied' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1)));
  return true;
}

if (relaunchWithHeapBound()) await new Promise<never>(() => {});

(process.env as Record<string, string>).NODE_ENV ??= dev ? 'development' : 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
// A development server serves no build; a stale .next/BUILD_ID must not name it.
if (dev) process.env.BUILD_ID ??= 'development';

const { startEmbeddedPostgres } = await import('../lib/db/embedded');
const { migrate } = await import('../lib/db/migrate');
const { installReferenceData } = await import('../lib/schema/reference-data');
const { ensureGeneratedSecrets, writeRuntimeFile, removeRuntimeFile } = await import('../lib/runtime-files');

function say(line: string) {
  process.stderr.write(`${line}\n`);
}

/**
 * The EU registry the service registers passports with (lib/registry). Development and the embedded demo, with no
 * DPP_REGISTRY_URL, get a local registry in-process on loopback (kept in DATA_DIR/registry.json); `local` asks for
 * one explicitly (the browser tests). A DPP_REGISTRY_URL naming a real registry is used as it is.
 */
async function startLocalRegistryIfWanted(embedded: boolean): Promise<() => Promise<void>> {
  const wanted = process.env.DPP_REGISTRY_URL;
  if (wanted !== 'local' && (wanted || !(dev || embedded))) return async () => {};
  const { randomBytes } = await import('node:crypto');
  const { startLocalRegistry } = await import('../lib/registry/local-registry');
  const token = randomBytes(24).toString('base64url');
  const file = path.join(process.env.DATA_DIR ?? '.data', 'registry.json');
  const registry = await startLocalRegistry({ token, file: embedded ? file : undefined });
  process.env.DPP_REGISTRY_URL = registry.url;
  process.env.DPP_REGISTRY_TOKEN = token;
  say(`Local EU registry (development stand-in) at ${registry.url}`);
  return () => registry.close();
}

async function main() {
  if (!dev && !existsSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID'))) {
    say('No production build found: run `npm run build` first (or `npm run dev` for development).');
    process.exit(1);
  }
  const embedded = !process.env.DATABASE_URL;
  let stopDatabase = async () => {};
  if (embedded) {
    // The demo runs with every feature on; a deployment with its own DATABASE_URL chooses for itself.
    process.env.INTEGRATION_API_ENABLED ??= '1';
    process.env.BMS_INGESTION_ENABLED ??= '1';
    ensureGeneratedSecrets();
    say('Starting embedded PostgreSQL (data in .data/pg)...');
    const db = await startEmbeddedPostgres({ dir: path.join(process.env.DATA_DIR ?? '.data', 'pg') });
    process.env.DATABASE_URL = db.url;
    stopDatabase = () => db.stop();
  }
  const stopRegistry = await startLocalRegistryIfWanted(embedded);
  const { config } = await import('../lib/config');
  const cfg = config();
  const url = process.env.DATABASE_URL!;
  const migrated = await migrate(url);
  if (migrated.applied.length) say(`Applied migrations: ${migrated.applied.join(', ')}`);
  await installReferenceData(url);
  let demoLogin: { email: string; password: string } | null = null;
  let secondLifeLogin: { email: string; password: string } | null = null;
  let germanLogin: { email: string; password: string } | null = null;
  let demoPassportPath: string | null = null;
  if (embedded || process.env.SEED_DEMO === '1') {
    const { seedDemoIfAbsent } = await import('../prisma/seed/demo');
    const demo = await seedDemoIfAbsent(url);
    if (demo.seeded) say('Seeded the demo company and passports.');
    demoLogin = demo.login;
    secondLifeLogin = demo.secondLifeLogin;
    germanLogin = demo.germanLogin;
    demoPassportPath = demo.passportPath;
  }
  // tsx turns source-map support on for every module loaded after it, Next.js's server chunks included: their maps
  // (the sources inside them) held on the heap for stack traces alone, about a third of a 256 MB bound. A production
  // server goes without (its stack traces name the built chunks); development keeps them.
  if (!dev) process.setSourceMapsEnabled(false);
  const { startWebServer } = await import('./server');
  const web = await startWebServer({
    dev,
    hostname: cfg.HOST,
    port: cfg.PORT,
    trustedHops: cfg.TRUSTED_PROXY_HOPS,
    databaseUrl: url,
  });
  if (embedded) writeRuntimeFile({ databaseUrl: url, pid: process.pid, baseUrl: cfg.BASE_URL });

  say('');
  say(`Battery Passport Service is running at ${cfg.BASE_URL} (${dev ? 'development' : 'production'})`);
  if (demoLogin)
    say(`Demo operator login: ${demoLogin.email} / ${demoLogin.password} at ${cfg.BASE_URL}/portal/sign-in`);
  if (secondLifeLogin)
    say(`Second-life operator login (a handover's receiver): ${secondLifeLogin.email} / ${secondLifeLogin.password}`);
  if (germanLogin) say(`Reviewer who chose German for the portal: ${germanLogin.email} / ${germanLogin.password}`);
  if (demoPassportPath) say(`Demo passport: ${cfg.BASE_URL}${demoPassportPath} (all of them: ${cfg.BASE_URL}/)`);
  say(`Health: ${cfg.BASE_URL}/api/health`);
  say('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping...`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await web.close().catch(() => undefined);
    const { disconnectPrisma } = await import('../lib/db/client');
    await disconnectPrisma().catch(() => undefined);
    await stopRegistry();
    await stopDatabase().catch((err) => say(`Could not stop PostgreSQL cleanly: ${(err as Error).message}`));
    if (embedded) removeRuntimeFile();
    say('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A background library losing its database must not take the web server down with it.
  process.on('unhandledRejection', async (reason) => {
    const { logger } = await import('../lib/log');
    logger().error({ err: reason }, 'unhandled promise rejection');
  });
}

main().catch((err) => {
  say(`Start-up failed: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
