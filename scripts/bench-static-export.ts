// Scenario 10 of the bench alone, without a build or a server: `npx tsx scripts/bench-static-export.ts
// [--passports N]` seeds a fresh database with N published passports (10,000 by default) as `npm run bench` does
// (bench/seed.ts), then times the static export of all of them (bench/static-export.ts) and prints its row.
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
const db = createPrismaClient(database.url);
try {
  const seeder = await PassportSeeder.create(db, database.url);
  say(`seeding ${passports} published passports...`);
  const seeding = Date.now();
  await seeder.growTo(passports);
  say(`  seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  await seeder.close();
  say('exporting them as a static copy...');
  const row = await staticExportRow(database.url, seeder.companyId, passports);
  const bound = (passports / 10_000) * 300;
  const seconds = passports / row.requestsPerSecond;
  console.log(
    `| ${row.label} | ${row.requestsPerSecond.toFixed(1)} passports/s | ${seconds.toFixed(1)} s (bound ${bound} s: ${seconds < bound ? 'PASS' : 'FAIL'}) | peak RSS ${row.peakRssMb?.toFixed(0)} MB | errors ${row.errors} |`,
  );
  for (const note of row.notes) console.log(`- ${note}`);
} finally {
  await db.$disconnect().catch(() => undefined);
  await disconnectPrisma().catch(() => undefined);
  await database.dispose();
}
