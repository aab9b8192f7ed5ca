// The static export: `npm run -s export:static -- --out DIR [--company C] [--from-backup] [--json]`. Writes every
// public passport's answers (all companies', or company C's) as files a plain web server serves at the live paths
// (deploy/nginx-static-export.conf; layout in docs/public-api.md, "Static export"), read from the database or, with
// --from-backup, from the back-up target (BACKUP_TARGET) alone. With --json, stdout carries
// exactly one JSON document (the report, also written to DIR/.export/manifest.json); progress and errors go to
// stderr. Exit 0 when written, 1 on a failure, 2 on a usage error.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadGeneratedSecrets, readRuntimeDatabaseUrl } from '../lib/runtime-files';

// The service logger writes JSON lines to fd 1, which belongs to the result here.
process.env.LOG_LEVEL = 'silent';
// Each passport is read once: the public lookup's cache need only hold those being written, which bounds memory.
process.env.PUBLIC_CACHE_ENTRIES ||= '64';
console.log = console.info = console.debug = console.error;

const USAGE = `Usage: npm run -s export:static -- --out DIR [--company C] [--from-backup] [--json]
  --out DIR       a new or empty directory: the web server's root for the copy
  --company C     only the passports of company C (id or slug; its slug with --from-backup), with its issuer documents
  --from-backup   read the back-up target BACKUP_TARGET (a directory, or s3://bucket with the S3_* settings)
                  instead of the database: no database is needed (docs/backup.md)
Reads the database as the admin CLI does (DATABASE_URL, else the embedded database of npm run dev).
Serve DIR with deploy/nginx-static-export.conf.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        args: argv,
        options: {
          out: { type: 'string' },
          company: { type: 'string' },
          'from-backup': { type: 'boolean' },
          json: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
        allowPositionals: true,
        strict: true,
      });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  })();
  if (values.help) throw new UsageError('');
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  if (!values.out?.trim()) throw new UsageError('--out names the directory to write.');
  if (values.company !== undefined && !values.company.trim()) throw new UsageError('--company must name a company.');
  return {
    out: path.resolve(values.out),
    company: values.company?.trim(),
    fromBackup: values['from-backup'] ?? false,
    json: values.json ?? false,
  };
}

const write = (stream: NodeJS.WriteStream, s: string) =>
  new Promise<void>((resolve) => stream.write(s, () => resolve()));

async function main(): Promise<number> {
  try {
    const args = parse(process.argv.slice(2));
    const report = args.fromBackup ? await fromBackup(args) : await fromDatabase(args);
    const { published, withdrawn } = report.passports;
    const human = [
      `Exported ${published} published and ${withdrawn} withdrawn passports to ${args.out}: ${report.files} files, ${report.bytes} bytes in ${report.seconds.toFixed(1)} s.`,
      ...(report.skippedCount ? [`Left out ${report.skippedCount} address(es) no directory can be named after.`] : []),
      ...(report.unavailableCount
        ? [`${report.unavailableCount} passport answer(s) could not be copied: see .export/manifest.json.`]
        : []),
    ].join('\n');
    await write(process.stdout, args.json ? `${JSON.stringify(report, null, 2)}\n` : `${human}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      await write(process.stderr, `${err.message ? `export: ${err.message}\n\n` : ''}${USAGE}\n`);
      return 2;
    }
    await write(process.stderr, `export: ${(err as Error)?.message || String(err)}\n`);
    return 1;
  } finally {
    if (process.env.DATABASE_URL) await (await import('../lib/db/client')).disconnectPrisma().catch(() => undefined);
  }
}

type Args = ReturnType<typeof parse>;
const progress = (done: number) => process.stderr.write(`export: ${done} passports read\n`);

/** The copy from the back-up target alone: the database is not opened. */
async function fromBackup(args: Args) {
  const [{ exportStaticFromBackup }, { configuredBackupTarget }] = await Promise.all([
    import('../lib/server/static-export/from-backup'),
    import('../lib/backup/target'),
  ]);
  const target = configuredBackupTarget();
  if (!target) throw new UsageError('--from-backup reads BACKUP_TARGET, which is not set.');
  return exportStaticFromBackup({ out: args.out, target, company: args.company, onProgress: progress });
}

async function fromDatabase(args: Args) {
  process.env.DATABASE_URL ||= readRuntimeDatabaseUrl() ?? '';
  if (!process.env.DATABASE_URL)
    throw new Error('No database to read: start the service first with npm run dev, or set DATABASE_URL.');
  loadGeneratedSecrets();
  const [{ exportStaticSite }, { resolveCompany }, { prisma }] = await Promise.all([
    import('../lib/server/static-export/export'),
    import('../lib/companies'),
    import('../lib/db/client'),
  ]);
  const companyId = args.company ? (await resolveCompany(prisma, args.company)).id : undefined;
  return exportStaticSite({ out: args.out, companyId, onProgress: progress });
}

process.exit(await main());
