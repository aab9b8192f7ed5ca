// `npm run bench [-- --quick] [-- --no-build] [-- --scenarios 1,4] [-- --proxy]`: builds, starts the app on a fresh
// database, seeds, warms up and measures every scenario against the physical and framework ceilings of this run.
// `--proxy` runs scenario 11 (a scan storm straight at the app and through deploy/nginx.conf; nginx must be installed).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type AppServer, serverPid, startApp } from '../bench/app-server';
import { buildForBench, requireBuild } from '../bench/build';
import { benchModelGtin, ITEM_MAPPING, importAndSubmit, itemCsv, rssSampler, throughputRow } from '../bench/issuance';
import { measure, run, scans, type Target } from '../bench/measure';
import { startPhysicalCeiling } from '../bench/physical-ceiling';
import { report } from '../bench/report';
import {
  bmsScenario,
  firstDocumentReads,
  firstPageViews,
  formDataScenario,
  readScenarios,
  scaleScenario,
} from '../bench/scenarios';
import type { Passport } from '../bench/seed';
import { credentialScenario } from '../bench/signing';
import { parseBenchArgs, runsScenario } from '../lib/bench/args';
import type { Measured } from '../lib/bench/targets';
import { freePort } from '../lib/db/embedded';
import { createTestDatabase } from '../testing/database';

const args = parseBenchArgs(process.argv.slice(2));
const settings = {
  connections: 32,
  durationSeconds: args.quick ? 3 : 10,
  warmupSeconds: args.quick ? 1 : 3,
  // The ceiling beside each row: its time in all, the scenario's slices it is interleaved with, and the warm-up
  // before every slice (none with --quick, which must finish in 3 minutes).
  besideSeconds: args.quick ? 2 : 10,
  besideRounds: args.quick ? 1 : 4,
  besideWarmupSeconds: args.quick ? 0 : 0.5,
  passports: args.quick ? 1_000 : 10_000,
  scalePassports: [100, args.quick ? 1_000 : 100_000],
  drafts: 200,
  bmsProducts: 1_000,
  bmsSecrets: 100,
  // Scenario 8: the issue's 10,000 item rows imported and published, and a 100,000-row import during which public
  // reads are measured and the server's RSS sampled; --quick runs the same steps smaller.
  issuanceRows: args.quick ? 2_000 : 10_000,
  largeImportRows: args.quick ? 10_000 : 100_000,
  // Scenario 9: publications timed one by one against the issuance alone, after some not counted.
  signedPublications: args.quick ? 50 : 200,
  signedWarmup: args.quick ? 10 : 20,
};
const say = (line: string) => process.stderr.write(`${line}\n`);

if (args.build) buildForBench();
else requireBuild();

process.env.APP_ENCRYPTION_KEY ??= randomBytes(32).toString('hex');
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString('hex');
const database = await createTestDatabase('bench');
// The seeded public documents name the app's address, so the seeding code must know it before the app starts.
const port = await freePort();
process.env.BASE_URL = `http://127.0.0.1:${port}`;
// The seeding code (domain verbs, factories) reads the same database the app serves.
process.env.DATABASE_URL = database.url;
const { createPrismaClient } = await import('../lib/db/client');
const { PassportSeeder } = await import('../bench/seed');
const { createTestBmsSecret, mintTestKey } = await import('../testing/factories');
const db = createPrismaClient(database.url);
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
// An idle connection dropped when the database stops at the end must not crash the run.
pool.on('error', () => undefined);
const measured: Measured[] = [];
let app: AppServer | undefined;
let lostUpdates: number | undefined;
let idleScansPerSecond = 0;
let idleQueriesPerSecond = 0;
let queries: (() => Promise<number>) | undefined;
const cleanups: Array<() => void> = [];

/**
 * One row: a warm-up, then the measured run. A scenario's run is measured in slices interleaved with the framework
 * ceiling's (see bench/measure.ts), which its ratios use: the machine's speed drifts over minutes and moves within
 * seconds.
 */
async function measured1(target: Target, pid?: number) {
  say(`measuring ${target.label}...`);
  await run(target.url, settings.connections, settings.warmupSeconds, target.request);
  const options = {
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    pid,
    pool,
    idleScansPerSecond,
    queries,
    idleQueriesPerSecond,
  };
  const ceiling = {
    id: 'framework',
    scenario: 0,
    label: 'framework ceiling',
    url: `${app!.baseUrl}/api/bench-ceiling`,
  };
  const beside =
    target.scenario > 0
      ? {
          ceiling,
          rounds: settings.besideRounds,
          ceilingSeconds: settings.besideSeconds,
          warmSeconds: settings.besideWarmupSeconds,
        }
      : undefined;
  const row = await measure(target, options, beside);
  const besideNote = row.beside
    ? ` (framework beside: ${row.beside.requestsPerSecond.toFixed(0)} req/s, p99 ${row.beside.p99Ms} ms)`
    : '';
  say(
    `  ${row.requestsPerSecond.toFixed(0)} req/s, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}, errors ${row.errors}${besideNote}`,
  );
  measured.push(row);
}

/** One request per passport, in order, at 4 connections, timed: its note for the table. */
async function timedOnce(what: string, passports: readonly Passport[], request: autocannon.Request): Promise<string> {
  say(`${what} of ${passports.length} passports...`);
  const started = Date.now();
  const result = await autocannon({ url: app!.baseUrl, connections: 4, amount: passports.length, requests: [request] });
  const seconds = (Date.now() - started) / 1000;
  const note = `${what}: ${passports.length} in ${seconds.toFixed(0)} s (${(passports.length / seconds).toFixed(1)}/s, non-2xx ${result.non2xx})`;
  say(`  ${note}`);
  return note;
}

/** Whether the stored BMS reports of BENCH_TELEMETRY_REPORTS were seeded (once, with the first passports). */
let telemetrySeeded = false;

/** Grows the seeded set (each clone with its signed credential), timed. */
async function seed(seeder: InstanceType<typeof PassportSeeder>, count: number) {
  say(`seeding ${count} published passports...`);
  const started = Date.now();
  const from = seeder.passports.length;
  await seeder.growTo(count);
  say(`  ${count - from} seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The history of dynamic data at volume (docs/performance.md): the BMS and read scenarios run beside it.
  const reports = Number(process.env.BENCH_TELEMETRY_REPORTS ?? 0);
  if (!telemetrySeeded && reports > 0) {
    telemetrySeeded = true;
    say(`seeding ${reports} stored BMS reports...`);
    const at = Date.now();
    await seeder.seedTelemetry(reports);
    say(`  seeded in ${((Date.now() - at) / 1000).toFixed(1)} s`);
  }
}

/** The credential route serves a seeded passport's stored credential as is, as a signed credential. */
async function checkCredentialServed(passport: Passport) {
  const answer = await fetch(`${app!.baseUrl}/api/dpp/${passport.slug}/v/1/credential`);
  const [stored] = (
    await pool.query<{ jwt: string }>(
      `SELECT "jwt" FROM "PassportCredential" WHERE "productId" = $1::uuid AND "version" = 1`,
      [passport.id],
    )
  ).rows;
  if (answer.status !== 200 || answer.headers.get('content-type') !== 'application/vc+jwt')
    throw new Error(`The credential route answered ${answer.status} ${answer.headers.get('content-type')}`);
  if ((await answer.text()) !== stored?.jwt)
    throw new Error('The credential route does not serve the stored credential');
}

/** The first view of every page (render and store), timed: scenario 2 measures the views after it. */
async function renderPages(
  seeder: InstanceType<typeof PassportSeeder>,
  passports: readonly Passport[],
): Promise<string> {
  const note = await timedOnce('first views (each renders and stores its page)', passports, firstPageViews(passports));
  // The stored pages are written like a seeding: settled before the next measured run.
  await seeder.settle(['PublicPage']);
  return note;
}

/**
 * Scenario 11: a scan storm over 1,000 passports (80 % of page views on 20 of them), straight at the app, then
 * through nginx with deploy/nginx.conf, each beside the framework ceiling; during the proxied storm one hot passport
 * is withdrawn and another gets a BMS value, and bench/storm.ts's watcher times when the proxy serves each and
 * counts restricted or stale-beyond-bound answers (a grant holder reads a third hot page with its cookie meanwhile).
 */
async function scanStorm(seeder: InstanceType<typeof PassportSeeder>, pid: number) {
  const { NGINX_BINARY, nginxInstalled } = await import('../testing/nginx');
  if (!nginxInstalled())
    throw new Error(
      `Scenario 11 needs nginx, which is not at ${NGINX_BINARY}: install it (Debian/Ubuntu: sudo apt-get install nginx) or set NGINX_BINARY to its path`,
    );
  const { startProxy } = await import('../testing/nginx-proxy');
  const { HOT_PASSPORTS, stormRequest, watchChanges } = await import('../bench/storm');
  const { STALENESS_BOUND_SECONDS } = await import('../lib/http/caching');
  if (seeder.passports.length < 1_000) await seed(seeder, 1_000);
  const storm = seeder.passports.slice(0, 1_000);
  const firstViews = await renderPages(seeder, storm);
  const label = `${storm.length} passports, ${HOT_PASSPORTS} of them 80 % of page views`;
  await measured1(
    {
      id: 's11-direct',
      scenario: 11,
      label: `11 scan storm (${label}), straight at the app`,
      url: app!.baseUrl,
      request: stormRequest(storm),
    },
    pid,
  );
  measured[measured.length - 1].notes.push(firstViews);
  const proxy = await startProxy([app!.baseUrl]);
  try {
    const [withdrawn, updated, granted] = storm;
    // A grant holder of the third hot passport, reading its restricted page through the proxy during the storm.
    const { createTestBmsSecret, createTestOperator } = await import('../testing/factories');
    const { approvedRequest } = await import('../testing/poli');
    const { systemActor } = await import('../lib/domain/context');
    const { withdrawProduct } = await import('../lib/passport/lifecycle');
    const { sendBmsUpdate } = await import('../testing/bms-request');
    const reviewer = await createTestOperator(db, { companyId: seeder.companyId, role: 'REVIEWER' });
    const grant = await approvedRequest(db, {
      product: { id: granted.id },
      reviewerCtx: { companyId: seeder.companyId, actor: { role: 'REVIEWER', id: reviewer.id, channel: 'Portal' } },
    } as Parameters<typeof approvedRequest>[1]);
    const access = await fetch(`${app!.baseUrl}/api/poli/access?token=${grant.accessToken}`, { redirect: 'manual' });
    const cookie = (access.headers.get('set-cookie') ?? '').split(';')[0];
    const grantPage = `${proxy.origin}/01/${granted.gtin}/21/${encodeURIComponent(granted.serial)}`;
    // What only a grant's view shows: a restricted field's value, marked by its access tier.
    const marker = 'data-access="legitimate_interest"';
    let holderReads = 0;
    let holderSawRestricted = 0;
    let holding = true;
    const holder = (async () => {
      while (holding) {
        const html = await (await fetch(grantPage, { headers: { accept: 'text/html', cookie } })).text();
        holderReads += 1;
        if (html.includes(marker)) holderSawRestricted += 1;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const secret = (await createTestBmsSecret(db, seeder.companyId)).secret;
    const measuring = measured1(
      {
        id: 's11-proxy',
        scenario: 11,
        label: `11 scan storm (${label}), through nginx`,
        url: proxy.origin,
        request: stormRequest(storm),
      },
      pid,
    );
    // The changes come once the measured run is under way (after its warm-up and first slices).
    await new Promise((r) => setTimeout(r, (settings.warmupSeconds + 2) * 1000));
    const watched = await watchChanges({
      proxy: proxy.origin,
      hot: storm.slice(0, HOT_PASSPORTS),
      restrictedMarker: marker,
      boundSeconds: STALENESS_BOUND_SECONDS,
      watchSeconds: STALENESS_BOUND_SECONDS + 15,
      changes: [
        { label: 'withdrawal', passport: withdrawn, shows: (html) => html.includes('Withdrawn during the storm') },
        { label: 'BMS value', passport: updated, shows: (html) => html.includes('12.75') },
      ],
      change: async () => {
        await withdrawProduct({
          ctx: { companyId: seeder.companyId, actor: systemActor('bench') },
          input: { productId: withdrawn.id, reason: 'Withdrawn during the storm' },
          db,
        });
        const sent = await sendBmsUpdate(app!.baseUrl, {
          productId: updated.id,
          secret,
          body: { formDataPatch: { current_soh_pct: 12.75 } },
        });
        if (sent.status !== 200) throw new Error(`The BMS update answered ${sent.status}`);
      },
    });
    await measuring;
    holding = false;
    await holder;
    const times = [...watched.seconds.entries()];
    const slowest = Math.max(...times.map(([, s]) => s));
    const row: Measured = {
      id: 's11-changes',
      scenario: 11,
      label: '11 a withdrawal and a BMS value during the storm, served through nginx (s)',
      requestsPerSecond: 0,
      p50Ms: 0,
      p99Ms: 0,
      requests: watched.answers,
      non2xx: 0,
      errors: watched.restricted + watched.staleBeyondBound,
      peakRssMb: null,
      serverCpuMsPerRequest: null,
      databaseCpuMsPerRequest: null,
      scansPerRequest: null,
      queriesPerRequest: null,
      seconds: slowest,
      notes: [
        `${times.map(([what, s]) => `${what} served after ${s.toFixed(1)} s`).join(', ')} (bound ${STALENESS_BOUND_SECONDS} s)`,
        `${watched.answers} anonymous answers watched: ${watched.restricted} with a grant's restricted view, ${watched.staleBeyondBound} stale beyond the bound`,
        `the grant holder read its page ${holderReads} times through nginx (never cached), ${holderSawRestricted} with the restricted view`,
      ],
    };
    say(`  ${row.notes.join('\n  ')}`);
    measured.push(row);
  } finally {
    await proxy.stop();
  }
}

/**
 * Scenario 8: a published model, an ERP mapping of its items' per-unit columns and an import key; the timed import
 * and submission of `issuanceRows` rows, their batch publication, then the large import with reads measured meanwhile.
 */
async function issuance(companyId: string, passports: readonly Passport[], pid: number) {
  const { createPublishedModel } = await import('../testing/factories');
  const { createTestMapping } = await import('../testing/imports');
  const { approveImportBatch } = await import('../lib/imports/batch/approve-batch');
  const { publishImport } = await import('../lib/batch-runs/publish-import');
  const { createIntegrationClient } = await import('../lib/client');
  const model = await createPublishedModel(db, { companyId, gtin: benchModelGtin(1), name: 'Bench Model EV-80' });
  const mapping = await createTestMapping(companyId, ITEM_MAPPING, db);
  const key = await mintTestKey(db, companyId, { scopes: ['import:write', 'import:read'], mode: 'live' });
  const client = createIntegrationClient({ baseUrl: app!.baseUrl, apiKey: key.key, signingSecret: key.signingSecret });
  const rows = settings.issuanceRows;
  say(`importing ${rows} item rows of one model...`);
  const stopRss = rssSampler(pid);
  const done = await importAndSubmit(client, { mappingId: mapping.id, modelId: model.id, count: rows, prefix: 'B8' });
  say(
    `  imported in ${done.importSeconds.toFixed(1)} s (${done.created} created, ${done.failed} failed); submitted ${done.submitted} in ${done.submitSeconds.toFixed(1)} s`,
  );
  const importRss = stopRss();
  measured.push(
    throughputRow('s8-import', `8 import ${rows} item rows (rows/s)`, rows, done.importSeconds, [
      `upload to completed: ${done.importSeconds.toFixed(1)} s for ${rows} rows (${done.created} created, ${done.failed} failed)`,
      `submission of the ${done.submitted} drafts: ${done.submitSeconds.toFixed(1)} s`,
    ]),
  );
  measured[measured.length - 1].peakRssMb = importRss;
  say(`publishing the batch of ${done.submitted}...`);
  const { systemActor } = await import('../lib/domain/context');
  const reviewer = { companyId, mode: 'LIVE' as const, actor: systemActor('bench') };
  const published = Date.now();
  const run = await approveImportBatch({ ctx: reviewer, input: { importId: done.importId }, db });
  await publishImport(run, { log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  const publishSeconds = (Date.now() - published) / 1000;
  const finished = await db.batchRun.findUniqueOrThrow({ where: { id: run.id } });
  say(
    `  ${finished.processed - finished.failed} published, ${finished.failed} failed in ${publishSeconds.toFixed(1)} s`,
  );
  measured.push(
    throughputRow(
      's8-publish',
      `8 publish the batch of ${done.submitted} (passports/s)`,
      done.submitted,
      publishSeconds,
      [
        `batch approval to the last publication: ${publishSeconds.toFixed(1)} s, ${finished.failed} failed (worked by the batch-run handler in the bench process, as the admin CLI does)`,
      ],
    ),
  );
  if (finished.failed > 0 || finished.processed !== done.submitted)
    measured[measured.length - 1].errors = finished.failed || 1;

  const large = settings.largeImportRows;
  say(`importing ${large} item rows while public reads are measured...`);
  const stopLargeRss = rssSampler(pid);
  const largeStarted = Date.now();
  const queued = await client.createImport({
    file: itemCsv(large, 'L8'),
    fileName: 'large.csv',
    mappingId: mapping.id,
    modelId: model.id,
  });
  // Reads start once rows are being written, so they are measured against an import at work.
  while ((await client.getImport(queued.id)).processed === 0) await new Promise((r) => setTimeout(r, 200));
  const [reads] = readScenarios(app!.baseUrl, passports);
  await measured1({ ...reads, id: 's8-reads', scenario: 8, label: `8 ${reads.label.slice(2)} during an import` }, pid);
  const during = await client.getImport(queued.id);
  measured[measured.length - 1].notes.push(
    `the import had processed ${during.processed} of ${large} rows by the end of the reads (${during.status})`,
  );
  const largeDone = await client.waitForImport(queued.id, { intervalMs: 1000, timeoutMs: 3_600_000 });
  const largeSeconds = (Date.now() - largeStarted) / 1000;
  const largeRow = throughputRow('s8-large', `8 import ${large} item rows (rows/s, peak RSS)`, large, largeSeconds, [
    `${largeDone.status} in ${largeSeconds.toFixed(0)} s, ${largeDone.created} created, ${largeDone.failed} failed; the server's RSS sampled throughout`,
  ]);
  largeRow.peakRssMb = stopLargeRss();
  if (largeDone.status !== 'completed' || largeDone.failed > 0) largeRow.errors = largeDone.failed || 1;
  measured.push(largeRow);
  say(`  ${largeDone.status} in ${largeSeconds.toFixed(0)} s, peak RSS ${largeRow.peakRssMb} MB`);
}

try {
  const seeder = await PassportSeeder.create(db, database.url);
  await seeder.growTo(settings.scalePassports[0]);
  // Both ceilings answer the bytes of one passport's /api/dpp/{slug} (its stored document): the framework
  // ceiling's route reads them from this file once, when it loads.
  const [stored] = (
    await pool.query<{ dpp: string }>(`SELECT "dpp" FROM "PublicDocument" WHERE "productId" = $1::uuid`, [
      seeder.passports[0].id,
    ])
  ).rows;
  const body = Buffer.from(stored.dpp, 'utf8');
  const bodyDir = mkdtempSync(join(tmpdir(), 'bench-ceiling-'));
  process.env.BENCH_CEILING_BODY = join(bodyDir, 'body.json');
  writeFileSync(process.env.BENCH_CEILING_BODY, body);
  cleanups.push(() => rmSync(bodyDir, { recursive: true, force: true }));
  app = await startApp({ databaseUrl: database.url, port });
  const pid = serverPid(app.child.pid!);
  say(`app at ${app.baseUrl}, server process ${pid}`);

  // The idle app's own scans (background jobs), measured once and subtracted from every run's count.
  const counterUrl = `${app.baseUrl}/api/bench-queries`;
  queries = async () => ((await (await fetch(counterUrl)).json()) as { queries: number }).queries;
  const idleFrom = await scans(pool);
  const idleQueriesFrom = await queries();
  const idleStart = Date.now();
  await new Promise((r) => setTimeout(r, 3000));
  const idleQueries = (await queries()) - idleQueriesFrom;
  idleScansPerSecond = Math.max(0, (await scans(pool)) - idleFrom) / ((Date.now() - idleStart) / 1000);
  idleQueriesPerSecond = Math.max(0, idleQueries) / ((Date.now() - idleStart) / 1000);
  say(
    `idle app: ${idleScansPerSecond.toFixed(1)} table/index scans and ${idleQueriesPerSecond.toFixed(1)} queries per second`,
  );
  // A cold server's first seconds are JIT and connection-pool warm-up: no measured row should absorb them.
  say('warming up...');
  await run(`${app.baseUrl}/api/bench-ceiling`, settings.connections, settings.warmupSeconds * 2);
  await run(
    app.baseUrl,
    settings.connections,
    settings.warmupSeconds * 2,
    scaleScenario(app.baseUrl, seeder.passports).request,
  );
  const bytesOf = async (path: string) => Buffer.from(await (await fetch(`${app!.baseUrl}${path}`)).arrayBuffer());
  if (!(await bytesOf(`/api/dpp/${seeder.passports[0].slug}`)).equals(body))
    throw new Error("The ceilings' bytes differ from what /api/dpp/{slug} serves");
  if (!(await bytesOf('/api/bench-ceiling')).equals(body))
    throw new Error("The framework ceiling does not serve the passport's bytes");
  const physical = await startPhysicalCeiling(body, await freePort());
  const address = physical.address();
  await measured1({
    id: 'physical',
    scenario: 0,
    label: 'physical ceiling (node:http, same bytes)',
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
  });
  physical.close();
  measured[measured.length - 1].notes.push(`serves one /api/dpp/{slug} body of ${body.byteLength} bytes`);
  await measured1(
    {
      id: 'framework',
      scenario: 0,
      label: 'framework ceiling (trivial route + middleware, same bytes)',
      url: `${app.baseUrl}/api/bench-ceiling`,
    },
    pid,
  );
  measured[measured.length - 1].notes.push(`serves the same ${body.byteLength} bytes`);
  // What the passport's bytes alone cost the framework: the same trivial route answering 11 bytes.
  await measured1(
    {
      id: 'framework-small',
      scenario: 0,
      label: 'framework ceiling, 11-byte body (`{"ok":true}`)',
      url: `${app.baseUrl}/api/bench-ceiling-small`,
    },
    pid,
  );

  if (runsScenario(args, 7)) await measured1(scaleScenario(app.baseUrl, seeder.passports.slice()), pid);
  // The scan storm alone needs its 1,000 passports only.
  if (args.scenarios.some((n) => n !== 11) || args.scenarios.length === 0) await seed(seeder, settings.passports);
  const passports = seeder.passports.slice(0, settings.passports);
  for (const target of readScenarios(app.baseUrl, passports)) {
    if (!runsScenario(args, target.scenario)) continue;
    const firstViews = target.scenario === 2 ? await renderPages(seeder, passports) : null;
    await measured1(target, pid);
    if (firstViews) measured[measured.length - 1].notes.push(firstViews);
  }

  if (runsScenario(args, 9)) {
    await checkCredentialServed(passports[passports.length - 1]);
    await measured1(credentialScenario(app.baseUrl, passports), pid);
  }

  if (runsScenario(args, 10)) {
    // Worked to its end here, at the set's size before scenario 7 grows it: no measured run goes on beside it.
    say(
      `copying ${passports.length} passports to a back-up directory, a change to 100 of them, then the export from it...`,
    );
    const { replicationRows } = await import('../bench/continuity');
    const { slug } = await db.company.findUniqueOrThrow({ where: { id: seeder.companyId }, select: { slug: true } });
    const rows = await replicationRows(db, { id: seeder.companyId, slug }, passports.length, 100);
    for (const row of rows) say(`  ${row.notes.join('\n  ')}`);
    measured.push(...rows);
    // The static copy of the same set, as an operator writes it: the export's own process, timed, memory sampled.
    say(`exporting ${passports.length} passports as a static copy (npm run -s export:static)...`);
    const { staticExportRow } = await import('../bench/static-export');
    const exported = await staticExportRow(
      { databaseUrl: database.url, companyId: seeder.companyId },
      passports.length,
    );
    say(`  ${exported.notes.join('\n  ')}`);
    measured.push(exported);
  }
  if (runsScenario(args, 5)) {
    const key = await mintTestKey(db, seeder.companyId, { scopes: ['dpp:draft:write'], mode: 'live' });
    await measured1(formDataScenario(app.baseUrl, key, await seeder.drafts(settings.drafts)), pid);
  }
  if (runsScenario(args, 6)) {
    const secrets = await Promise.all(
      Array.from({ length: settings.bmsSecrets }, () =>
        createTestBmsSecret(db, seeder.companyId).then((s) => s.secret),
      ),
    );
    const products = passports.slice(0, settings.bmsProducts).map((p) => p.id);
    const accepted = new Map<string, number>();
    const audits = () =>
      pool
        .query<{ n: string }>(
          `SELECT count(*) AS n FROM "AuditLog" WHERE "companyId" = $1 AND "eventContext"->>'source' = 'bms-webhook'`,
          [seeder.companyId],
        )
        .then((r) => Number(r.rows[0].n));
    const before = await audits();
    await measured1(bmsScenario(app.baseUrl, secrets, products, accepted), pid);
    const ok = [...accepted.values()].reduce((a, b) => a + b, 0);
    const recorded = (await audits()) - before;
    lostUpdates = Math.max(0, ok - recorded);
    // Warm-up updates are recorded too: the measured run's 200s are compared with the rows written since.
    say(`  BMS: ${ok} answered 200, ${recorded} recorded updates (warm-up included); lost: ${lostUpdates}`);
    measured[measured.length - 1].notes.push(
      `${ok} updates answered 200 (warm-up and run), ${recorded} audit rows written`,
    );
    if (runsScenario(args, 7)) {
      // Each passport the updates changed rebuilds its stored documents on its next read, once per change (the
      // update leaves it to the read: docs/decisions.md). They are read once here, timed, so that scenario 7's
      // large table, like its small one and scenario 1, is measured on current documents.
      const changed = passports.slice(0, settings.bmsProducts);
      measured[measured.length - 1].notes.push(
        await timedOnce(
          'first reads after the updates (each rebuilds its documents)',
          changed,
          firstDocumentReads(changed),
        ),
      );
    }
  }
  if (runsScenario(args, 7) && settings.scalePassports[1] > seeder.passports.length) {
    await seed(seeder, settings.scalePassports[1]);
  }
  if (runsScenario(args, 7))
    await measured1(scaleScenario(app.baseUrl, seeder.passports.slice(0, settings.scalePassports[1])), pid);
  if (runsScenario(args, 9)) {
    say(
      `publishing ${settings.signedPublications} passports one by one, each beside its credential's issuance alone...`,
    );
    const { issuanceShare } = await import('../bench/signing');
    const row = await issuanceShare(db, seeder.companyId, {
      count: settings.signedPublications,
      warmup: settings.signedWarmup,
    });
    say(`  ${row.notes.join('\n  ')}`);
    measured.push(row);
  }
  if (runsScenario(args, 8)) await issuance(seeder.companyId, passports, pid);
  // Last: it withdraws one of the first passports.
  if (runsScenario(args, 11)) await scanStorm(seeder, pid);
  await seeder.close();
  console.log(`\n${report(args, measured, { lostUpdates, settings })}`);
} finally {
  await app?.stop().catch(() => undefined);
  for (const cleanup of cleanups) cleanup();
  await pool.end().catch(() => undefined);
  await db.$disconnect().catch(() => undefined);
  await database.dispose();
}
