// `npm run seed:demo`: the demo company, operators and passports on the configured database (once).
import { loadGeneratedSecrets, readRuntimeDatabaseUrl } from '../lib/runtime-files';

loadGeneratedSecrets();
const url = process.env.DATABASE_URL ?? readRuntimeDatabaseUrl();
if (!url) {
  process.stderr.write('No database: start the service first with `npm run dev`, or set DATABASE_URL.\n');
  process.exit(1);
}
const { migrate } = await import('../lib/db/migrate');
const { installReferenceData } = await import('../lib/schema/reference-data');
const { seedDemoIfAbsent } = await import('../prisma/seed/demo');
await migrate(url);
await installReferenceData(url);
const result = await seedDemoIfAbsent(url);
process.stderr.write(result.seeded ? 'Seeded the demo data.\n' : 'The demo data is already there.\n');
process.stderr.write(`Demo operator login: ${result.login.email} / ${result.login.password}\n`);
process.stderr.write(
  `Second-life operator login (it received a handed-over passport): ${result.secondLifeLogin.email} / ${result.secondLifeLogin.password}\n`,
);
process.stderr.write(
  `Reviewer who chose German for the portal: ${result.germanLogin.email} / ${result.germanLogin.password}\n`,
);
process.stderr.write(`Demo passport: ${result.passportPath} (every demo passport is listed on the landing page, /)\n`);
