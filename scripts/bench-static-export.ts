// Scenario 10 of the bench alone, without a build or a server: `npx tsx scripts/bench-static-export.ts
// [--passports N]` seeds a fresh database with N published passports (10,000 by default) as `npm run bench` does
// (bench/seed.ts), then times their back-up replication, the lag of a change and the static export from the back-up
// (bench/continuity.ts), and the static export from the database (bench/static-export.ts), and prints the rows.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createTestDatabase } from '../testing/database';

const { values } = parseArgs({ options: { passports: { type: 'string', default: '10000' } } });
const passports = Number(values.passports);
if (!Number.isInteger(passports) || passports < 1) throw new Error('--passports takes a positive whole number');
const say = (line: string) => process.stderr.write(`${line}\n`);

process.env.APP_ENCRYPTION_KEY ??= randomBytes(32).toString('hex');
process.env.BASE_URL ??= 'http://127.0.0.1:3000';
const database = await createTestDatabase('bench_export');
process.env.DATABASE_URL = database.url;
const { createPrismaClient, disconnectPrisma } = await import('../lib/db/client');
const { PassportSeeder } = await import('../bench/seed');
const { staticExportRow } = await import('../bench/static-export');
const { replicationRows } = await import('../bench/continuity');
const db = createPrismaClient(database.url);
try {
  const seeder = await PassportSeeder.create(db, database.url);
  say(`seeding ${passports} published passports...`);
  const seeding = Date.now();
  await seeder.growTo(passports);
  say(`  seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  await seeder.close();
  say('copying them to a back-up directory, a change to 100 of them, the export from the back-up...');
  const { slug } = await db.company.findUniqueOrThrow({ where: { id: seeder.companyId }, select: { slug: true } });
  const rows = await replicationRows(db, { id: seeder.companyId, slug }, passports, 100);
  say('exporting them as a static copy from the database...');
  rows.push(await staticExportRow({ databaseUrl: database.url, companyId: seeder.companyId }, passports));
  const bound = (passports / 10_000) * 300;
  for (const row of rows) {
    const seconds = row.seconds ?? passports / row.requestsPerSecond;
    const exported = row.id.startsWith('s10-export');
    console.log(
      `| ${row.label} | ${row.requestsPerSecond.toFixed(1)} /s | ${seconds.toFixed(1)} s${exported ? ` (bound ${bound} s: ${seconds < bound ? 'PASS' : 'FAIL'})` : ''} | peak RSS ${row.peakRssMb?.toFixed(0) ?? '-'} MB | errors ${row.errors} |`,
    );
    for (const note of row.notes) console.log(`- ${note}`);
  }
} finally {
  await db.$disconnect().catch(() => undefined);
  await disconnectPrisma().catch(() => undefined);
  await database.dispose();
}
