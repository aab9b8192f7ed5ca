// The operator's admin CLI: `npm run -s admin -- <command> [flags] [--json]`. With --json, stdout carries exactly
// one JSON document and nothing else; messages and errors go to stderr (exit 2: usage, exit 1: failure).
import { parseArgs } from 'node:util';
import { isUuid } from '../lib/ids';
import { loadGeneratedSecrets, readRuntimeDatabaseUrl } from '../lib/runtime-files';

// The service logger writes JSON lines to fd 1, which belongs to the result here; stray console output goes to stderr.
process.env.LOG_LEVEL = 'silent';
console.log = console.info = console.debug = console.error;

const USAGE = `Usage: npm run -s admin -- <command> [flags] [--json]
  company create --name N [--slug S]
  company cease --company C --backup-url U
  company resume --company C
  operator create --company C --email E --password P --role ADMIN|EDITOR|REVIEWER
  key mint --company C --name N --scopes a,b [--mode live|test] [--expires-in-days D] [--cidr x/y,...]
  bms-secret create --company C [--name N] [--products id,...]
  bms-secret list --company C
  bms-secret revoke --id I
  issuer rotate --company C
  audit verify [--company C]
  backup run [--company C]
  backup verify [--company C]
  product approve --id P
  product withdraw --id P --reason R [--successor P2] [--operator-details T] [--manufacturer-contact T]
  product deprecate|reinstate --id P [--reason R]
  product recycle --id P [--note T]
  import status --id I
  import approve --id I
  mail list --to E
  db backup --out FILE
  db restore --from FILE [--force]
C is a company id or slug. Keys, signing secrets and BMS secrets are printed once and never again.
audit verify exits 1 when a chain is broken (with --json, the report is printed all the same).
backup run copies every passport due to BACKUP_TARGET now; backup verify compares the back-up with the database
and exits 1 when a passport's copy is missing or differs (with --json, the report is printed all the same).
company cease marks the company's activity ceased: its passports name U (https), the address of their back-up copy.
db backup dumps the whole database with pg_dump (custom format) into FILE; db restore loads FILE with pg_restore into
the database of DATABASE_URL, in one transaction, refusing one that already holds tables unless --force (which
replaces them). Both need PostgreSQL's client tools of the server's major version or newer: looked for in
POSTGRES_BIN_DIR when set, else in the embedded distribution, on PATH and under /usr/lib/postgresql.`;

const text = { type: 'string' } as const;
const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  name: text,
  slug: text,
  company: text,
  email: text,
  password: text,
  role: text,
  scopes: text,
  mode: text,
  'expires-in-days': text,
  cidr: text,
  products: text,
  id: text,
  reason: text,
  note: text,
  successor: text,
  'operator-details': text,
  'manufacturer-contact': text,
  to: text,
  'backup-url': text,
  out: text,
  from: text,
  force: { type: 'boolean' },
} as const;

type Flags = Partial<Record<Exclude<keyof typeof OPTIONS, 'json' | 'help' | 'force'>, string>> & { force?: boolean };
interface Outcome {
  result: unknown;
  human: string;
  /** 0 unless the command found what it checks failing (the result is printed all the same). */
  exitCode?: number;
}
interface Command {
  required: Exclude<keyof Flags, 'force'>[];
  optional: (keyof Flags)[];
  run(flags: Flags): Promise<Outcome>;
}

class UsageError extends Error {}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const cliActor = async () => (await import('../lib/domain/context')).systemActor('cli');
const db = async () => (await import('../lib/db/client')).prisma;
const company = async (idOrSlug: string) => (await import('../lib/companies')).resolveCompany(await db(), idOrSlug);

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!match) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}.`);
  return match;
}

type Lifecycle = typeof import('../lib/passport/lifecycle');
type DomainContext = import('../lib/domain/context').DomainContext;
type LifecycleCall = (
  l: Lifecycle,
  ctx: DomainContext,
  productId: string,
  f: Flags,
) => ReturnType<Lifecycle['approveProduct']>;

const TRANSITIONS: Record<'approve' | 'withdraw' | 'deprecate' | 'reinstate' | 'recycle', LifecycleCall> = {
  approve: (l, ctx, productId) => l.approveProduct({ ctx, input: { productId } }),
  withdraw: (l, ctx, productId, f) =>
    l.withdrawProduct({
      ctx,
      input: {
        productId,
        reason: f.reason ?? '',
        successorId: f.successor ?? null,
        operatorDetails: f['operator-details'] ?? null,
        manufacturerContact: f['manufacturer-contact'] ?? null,
      },
    }),
  deprecate: (l, ctx, productId, f) => l.deprecateProduct({ ctx, input: { productId, reason: f.reason ?? null } }),
  reinstate: (l, ctx, productId, f) => l.reinstateProduct({ ctx, input: { productId, reason: f.reason ?? null } }),
  // End of life (Art. 77(8)): the passport stays published, frozen, with the end-of-life notice.
  recycle: (l, ctx, productId, f) => l.recycleProduct({ ctx, input: { productId, note: f.note ?? null } }),
};

/** The CLI is not scoped to a company, so the product's own company becomes the tenant of the domain verb. */
async function productTransition(verb: keyof typeof TRANSITIONS, f: Flags): Promise<Outcome> {
  const productId = f.id!.trim();
  const found =
    isUuid(productId) &&
    (await (await db()).product.findUnique({ where: { id: productId }, select: { companyId: true } }));
  if (!found) throw new Error(`No product with id "${productId}".`);
  const ctx = { companyId: found.companyId, actor: await cliActor() };
  const { id, slug, state, version } = await TRANSITIONS[verb](
    await import('../lib/passport/lifecycle'),
    ctx,
    productId,
    f,
  );
  const human =
    verb === 'recycle'
      ? `Product ${slug} is marked recycled: frozen, its passport readable until its retention period ends.`
      : `Product ${slug} is now ${state} (version ${version}).`;
  return { result: { id, slug, state, version, ...(verb === 'recycle' ? { recycled: true } : {}) }, human };
}

const COMMANDS: Record<string, Command> = {
  'company create': {
    required: ['name'],
    optional: ['slug'],
    async run(f) {
      const { createCompany } = await import('../lib/companies');
      const c = await createCompany(await db(), { name: f.name!, slug: f.slug, actor: await cliActor() });
      return {
        result: { id: c.id, slug: c.slug, name: c.name },
        human: `Created company ${c.name} (slug ${c.slug}, id ${c.id}).`,
      };
    },
  },
  'company cease': {
    required: ['company', 'backup-url'],
    optional: [],
    async run(f) {
      const { ceaseCompany } = await import('../lib/continuity/cease-company');
      const { id: companyId } = await company(f.company!);
      const c = await ceaseCompany({
        ctx: { companyId, actor: await cliActor() },
        input: { backupUrl: f['backup-url']! },
      });
      return {
        result: c,
        human: `Company ${c.slug} is marked ceased since ${c.ceasedAt}: its passports name their back-up at ${c.backupUrl}.`,
      };
    },
  },
  'company resume': {
    required: ['company'],
    optional: [],
    async run(f) {
      const { resumeCompany } = await import('../lib/continuity/resume-company');
      const { id: companyId } = await company(f.company!);
      const c = await resumeCompany({ ctx: { companyId, actor: await cliActor() } });
      return { result: c, human: `Company ${c.slug} is no longer marked ceased: its passports name no back-up.` };
    },
  },
  'operator create': {
    required: ['company', 'email', 'password', 'role'],
    optional: [],
    async run(f) {
      const role = oneOf('role', f.role!, ['ADMIN', 'EDITOR', 'REVIEWER'] as const);
      const { createOperator } = await import('../lib/companies');
      const { id: companyId } = await company(f.company!);
      const u = await createOperator(await db(), {
        companyId,
        email: f.email!,
        password: f.password!,
        role,
        actor: await cliActor(),
      });
      return {
        result: { id: u.id, email: u.email, role: u.role, companyId },
        human: `Created ${u.role} operator ${u.email} (id ${u.id}).`,
      };
    },
  },
  'key mint': {
    required: ['company', 'name', 'scopes'],
    optional: ['mode', 'expires-in-days', 'cidr'],
    async run(f) {
      const mode = oneOf('mode', f.mode ?? 'live', ['live', 'test'] as const);
      const days = f['expires-in-days'];
      if (days !== undefined && !/^\d+$/.test(days))
        throw new UsageError('--expires-in-days must be a whole number of days.');
      const { mintApiKey } = await import('../lib/integration/keys');
      const { id: companyId } = await company(f.company!);
      const k = await mintApiKey(await db(), {
        companyId,
        name: f.name!,
        scopes: list(f.scopes),
        mode: mode === 'live' ? 'LIVE' : 'TEST',
        expiresInDays: days === undefined ? undefined : Number(days),
        allowedCidrs: list(f.cidr),
        // The CLI is the operator's privileged channel: keys:admin and gdpr:admin may be minted here, alone.
        allowPrivileged: true,
        actor: await cliActor(),
      });
      const { id, key, signingSecret, scopes, expiresAt, name, allowedCidrs } = k;
      const human = [
        `Minted ${mode} key "${name}" (id ${id}), expires ${expiresAt.toISOString()}.`,
        `  key:            ${key}`,
        `  signing secret: ${signingSecret}`,
        'Store both now: they cannot be shown again.',
      ].join('\n');
      return { result: { id, key, signingSecret, scopes, mode, expiresAt, name, allowedCidrs }, human };
    },
  },
  'bms-secret create': {
    required: ['company'],
    optional: ['name', 'products'],
    async run(f) {
      const { createBmsSecret } = await import('../lib/bms/secrets');
      const { id: companyId } = await company(f.company!);
      const s = await createBmsSecret(await db(), {
        companyId,
        name: f.name,
        productIds: list(f.products),
        actor: await cliActor(),
      });
      const human = `Created BMS secret ${s.id}.\n  secret: ${s.secret}\nStore it now: it cannot be shown again.`;
      return { result: { id: s.id, secret: s.secret, productIds: s.productIds }, human };
    },
  },
  'bms-secret list': {
    required: ['company'],
    optional: [],
    async run(f) {
      const { listBmsSecrets } = await import('../lib/bms/secrets');
      const { id: companyId } = await company(f.company!);
      const secrets = await listBmsSecrets(await db(), companyId);
      const when = (d: Date | null) => d?.toISOString() ?? '-';
      const lines = secrets.map(
        (s) =>
          `  ${s.id}  ${s.revokedAt ? 'revoked' : 'active '}  last used ${when(s.lastUsedAt)}  ${s.name ?? ''}${s.productIds.length ? `  products ${s.productIds.join(',')}` : ''}`,
      );
      return { result: secrets, human: [`${secrets.length} BMS secret(s).`, ...lines].join('\n') };
    },
  },
  'bms-secret revoke': {
    required: ['id'],
    optional: [],
    async run(f) {
      const { revokeBmsSecretById } = await import('../lib/bms/secrets');
      const r = await revokeBmsSecretById(await db(), { secretId: f.id!.trim(), actor: await cliActor() });
      return {
        result: { id: r.id, revokedAt: r.revokedAt },
        human: `Revoked BMS secret ${r.id} at ${r.revokedAt.toISOString()}; it is refused from now on.`,
      };
    },
  },
  'issuer rotate': {
    required: ['company'],
    optional: [],
    async run(f) {
      const { rotateIssuerKey } = await import('../lib/credentials/rotate');
      const { id: companyId } = await company(f.company!);
      const r = await rotateIssuerKey({ ctx: { companyId, actor: await cliActor() } });
      const retired = r.previousKid ? `retired ${r.previousKid}` : 'the company had no key before';
      return {
        result: r,
        human: `Rotated the issuer key of ${r.did}: signing with ${r.kid} from now on (${retired}).`,
      };
    },
  },
  'audit verify': { required: [], optional: ['company'], run: auditVerify },
  'product approve': { required: ['id'], optional: [], run: (f) => productTransition('approve', f) },
  'product withdraw': {
    required: ['id', 'reason'],
    optional: ['successor', 'operator-details', 'manufacturer-contact'],
    run: (f) => productTransition('withdraw', f),
  },
  'product deprecate': { required: ['id'], optional: ['reason'], run: (f) => productTransition('deprecate', f) },
  'product reinstate': { required: ['id'], optional: ['reason'], run: (f) => productTransition('reinstate', f) },
  'product recycle': { required: ['id'], optional: ['note'], run: (f) => productTransition('recycle', f) },
  'backup run': { required: [], optional: ['company'], run: backupRun },
  'backup verify': { required: [], optional: ['company'], run: backupVerify },
  'db backup': { required: ['out'], optional: [], run: dbBackup },
  'db restore': { required: ['from'], optional: ['force'], run: dbRestore },
  'import status': { required: ['id'], optional: [], run: importStatus },
  'import approve': { required: ['id'], optional: [], run: importApprove },
  'mail list': {
    required: ['to'],
    optional: [],
    async run(f) {
      const mails = await (await db()).emailOutbox.findMany({
        where: { to: { equals: f.to!.trim(), mode: 'insensitive' } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: { id: true, to: true, subject: true, text: true, links: true, status: true, createdAt: true },
      });
      const lines = mails.map((m) => `  ${m.createdAt.toISOString()}  ${m.status}  ${m.subject}`);
      return { result: mails, human: [`${mails.length} email(s) to ${f.to}.`, ...lines].join('\n') };
    },
  },
};

/**
 * Walks the audit chains and the passport version chains (lib/audit-chain/verify.ts) of one company, or of the whole
 * service with the platform chain; prints each chain's head so an operator can record it elsewhere.
 */
async function auditVerify(f: Flags): Promise<Outcome> {
  if (f.company !== undefined && !f.company.trim()) throw new UsageError('--company must name a company.');
  const { verifyAuditChains } = await import('../lib/audit-chain/verify');
  const companyId = f.company ? (await company(f.company)).id : null;
  const report = await verifyAuditChains({ db: await db(), companyId });
  const checked = `${report.chains} audit chain(s), ${report.rowsChecked} row(s); ${report.versionsChecked} version(s) of ${report.products} product(s)`;
  const b = report.firstBroken;
  const where =
    b &&
    (b.kind === 'audit' ? `audit chain of ${b.companyId ?? 'the platform'}` : `versions of product ${b.productId}`);
  const lines = [
    b
      ? `Audit chain BROKEN (${report.broken.length} chain(s)); first broken link: ${where}, ${b.kind === 'audit' ? 'seq' : 'version'} ${b.seq}${b.id ? ` (row ${b.id})` : ''}: ${b.reason}.`
      : `Audit chains ok: ${checked} checked.`,
    ...(b ? [`Checked ${checked}.`] : []),
    ...report.heads.map((h) => `  head of ${h.companyId ?? 'platform'}: seq ${h.seq} ${h.head}`),
  ];
  return { result: report, human: lines.join('\n'), exitCode: report.ok ? 0 : 1 };
}

/** The configured back-up target and the company to scope to; a usage error without BACKUP_TARGET. */
async function backupScope(f: Flags) {
  if (f.company !== undefined && !f.company.trim()) throw new UsageError('--company must name a company.');
  const target = (await import('../lib/backup/target')).configuredBackupTarget();
  if (!target) throw new UsageError('BACKUP_TARGET is not set: there is no back-up to run or verify.');
  return { target, companyId: f.company ? (await company(f.company)).id : undefined };
}

/** Passes until nothing is due now: a passport whose copy fails waits for its retry (the worker's), reported here. */
async function backupRun(f: Flags): Promise<Outcome> {
  const { target, companyId } = await backupScope(f);
  const { backupPass } = await import('../lib/server/backup');
  const total = { replicated: 0, failed: 0, filesWritten: 0 };
  for (;;) {
    const pass = await backupPass({ target, companyId });
    total.replicated += pass.replicated;
    total.failed += pass.failed;
    total.filesWritten += pass.filesWritten;
    if (pass.replicated + pass.failed === 0) break;
    process.stderr.write(`admin: replicated ${total.replicated}, failed ${total.failed}\n`);
  }
  return {
    result: total,
    human: `Back-up: ${total.replicated} passport(s) copied (${total.filesWritten} file(s) written), ${total.failed} failed.`,
    exitCode: total.failed > 0 ? 1 : 0,
  };
}

async function backupVerify(f: Flags): Promise<Outcome> {
  const { target, companyId } = await backupScope(f);
  const { verifyBackup } = await import('../lib/backup/verify');
  const report = await verifyBackup({ target, companyId });
  const lines = [
    report.ok
      ? `Back-up ok: ${report.passports} passport(s), ${report.files} file(s) checked.`
      : `Back-up DIFFERS: ${report.differences.length} difference(s) in ${report.passports} passport(s).`,
    ...report.differences.map((d) => `  ${d.slug}  ${d.problem}${d.path ? `  ${d.path}` : ''}`),
  ];
  return { result: report, human: lines.join('\n'), exitCode: report.ok ? 0 : 1 };
}

/** The CLI is not scoped to a company either: the import's own company becomes the tenant. */
async function importContext(f: Flags) {
  const importId = f.id!.trim();
  const found =
    isUuid(importId) &&
    (await (await db()).importJob.findUnique({ where: { id: importId }, select: { companyId: true } }));
  if (!found) throw new Error(`No import with id "${importId}".`);
  return { importId, ctx: { companyId: found.companyId, actor: await cliActor() } };
}

async function importStatus(f: Flags): Promise<Outcome> {
  const { importId, ctx } = await importContext(f);
  const [{ getImport }, { importView }, { batchRunView, latestBatchRun }] = await Promise.all([
    import('../lib/imports/get-import'),
    import('../lib/imports/view'),
    import('../lib/imports/batch/view'),
  ]);
  const job = importView(await getImport({ ctx, input: { importId } }));
  const run = await latestBatchRun(await db(), ctx.companyId, importId);
  const batchRun = run ? batchRunView(run) : null;
  const rows = job.total === null ? `${job.processed} rows read` : `${job.processed} of ${job.total} rows read`;
  const decision = batchRun
    ? `; batch ${batchRun.kind} ${batchRun.status}: ${batchRun.processed} of ${batchRun.total}, ${batchRun.failed} failed`
    : '';
  return { result: { import: job, batchRun }, human: `Import ${job.id} is ${job.status}: ${rows}${decision}.` };
}

/**
 * Approves the import's submitted batch as the System actor and publishes it here, in this process (no job runner
 * runs in the CLI), printing progress on stderr; a run the server's job also takes up is shared safely.
 */
async function importApprove(f: Flags): Promise<Outcome> {
  const { importId, ctx } = await importContext(f);
  const [{ approveImportBatch }, { publishImport }, { batchRunView }] = await Promise.all([
    import('../lib/imports/batch/approve-batch'),
    import('../lib/batch-runs/publish-import'),
    import('../lib/imports/batch/view'),
  ]);
  const run = await approveImportBatch({ ctx, input: { importId } });
  const note = (obj: object, msg?: string) => process.stderr.write(`admin: ${msg ?? ''} ${JSON.stringify(obj)}\n`);
  await publishImport(run, {
    log: { info: note, warn: note, error: note },
    onProgress: ({ processed, total }) => {
      if (processed % 100 === 0 || processed === total)
        process.stderr.write(`admin: published ${processed} of ${total}\n`);
    },
  });
  const done = batchRunView(await (await db()).batchRun.findUniqueOrThrow({ where: { id: run.id } }));
  return {
    result: done,
    human: `Batch of import ${importId}: ${done.status}, ${done.processed - done.failed} published, ${done.failed} failed.`,
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Dumps the database (DATABASE_URL, or the embedded one of npm run dev) into --out with pg_dump -Fc. */
async function dbBackup(f: Flags): Promise<Outcome> {
  const { dumpDatabase } = await import('../lib/db/dump');
  const report = await dumpDatabase(process.env.DATABASE_URL!, f.out!.trim());
  return {
    result: report,
    human: `Database (PostgreSQL ${report.server}) dumped to ${report.file}: ${kib(report.bytes)}, SHA-256 ${report.sha256}, pg_dump ${report.tool.version}, ${report.ms} ms.`,
  };
}

/** Restores --from into the database of DATABASE_URL with pg_restore, in one transaction; an empty one unless --force. */
async function dbRestore(f: Flags): Promise<Outcome> {
  const { restoreDatabase } = await import('../lib/db/dump');
  const report = await restoreDatabase(process.env.DATABASE_URL!, f.from!.trim(), { force: f.force === true });
  return {
    result: report,
    human: `Restored ${report.file} into the database (PostgreSQL ${report.server}${report.replaced ? ', its previous tables replaced' : ''}): ${report.tables} table(s), pg_restore ${report.tool.version}, ${report.ms} ms. Run audit verify on it next.`,
  };
}

function parseCommand(argv: string[]): { command: Command; flags: Flags; json: boolean } {
  const { values, positionals } = (() => {
    try {
      return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  })();
  if (values.help || positionals.length === 0 || positionals[0] === 'help') throw new UsageError('');
  const name = positionals.join(' ');
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name}".`);
  const { json = false, help: _help, ...flags } = values;
  const accepted = new Set<string>([...command.required, ...command.optional]);
  const extra = Object.keys(flags).filter((f) => !accepted.has(f));
  if (extra.length > 0) throw new UsageError(`"${name}" does not take ${extra.map((f) => `--${f}`).join(', ')}.`);
  const missing = command.required.filter((f) => !flags[f]?.trim());
  if (missing.length > 0) throw new UsageError(`"${name}" needs ${missing.map((f) => `--${f}`).join(', ')}.`);
  return { command, flags, json };
}

/** The embedded database of `npm run dev` unless DATABASE_URL names another, with the launcher's secrets. */
function connectEnvironment(): void {
  process.env.DATABASE_URL ||= readRuntimeDatabaseUrl() ?? '';
  if (!process.env.DATABASE_URL)
    throw new Error('No database to talk to: start the service first with npm run dev, or set DATABASE_URL.');
  loadGeneratedSecrets();
}

const write = (stream: NodeJS.WriteStream, s: string) =>
  new Promise<void>((resolve) => stream.write(s, () => resolve()));

async function main(): Promise<number> {
  try {
    const { command, flags, json } = parseCommand(process.argv.slice(2));
    connectEnvironment();
    const { result, human, exitCode = 0 } = await command.run(flags);
    await write(process.stdout, json ? `${JSON.stringify(result, null, 2)}\n` : `${human}\n`);
    return exitCode;
  } catch (err) {
    if (err instanceof UsageError) {
      await write(process.stderr, `${err.message ? `admin: ${err.message}\n\n` : ''}${USAGE}\n`);
      return 2;
    }
    await write(process.stderr, `admin: ${(err as Error)?.message || String(err)}\n`);
    return 1;
  } finally {
    if (process.env.DATABASE_URL) await (await import('../lib/db/client')).disconnectPrisma().catch(() => undefined);
  }
}

process.exit(await main());
