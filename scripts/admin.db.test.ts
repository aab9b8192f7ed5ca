import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resetConfigForTests } from '../lib/config';
import { createPrismaClient } from '../lib/db/client';
import { signingSecretOf } from '../lib/integration/keys';
import { type CliRun, runAdmin } from '../testing/admin-cli';
import { createTestCompany, createTestProduct } from '../testing/factories';

const databaseUrl = inject('databaseUrl');
const db = createPrismaClient(databaseUrl);
const KEY = randomBytes(32).toString('hex');
const tag = randomBytes(3).toString('hex');
let dataDir: string;

type Run = CliRun;

/** Runs the CLI as an operator would, with this file's key and data directory. */
const admin = (args: string[], env: Record<string, string | undefined> = {}): Promise<Run> =>
  runAdmin(databaseUrl, args, { APP_ENCRYPTION_KEY: KEY, DATA_DIR: dataDir, ...env });

/** Exit 0 and stdout that is exactly one JSON document. */
function parsed<T = Record<string, unknown>>(run: Run): T {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

/** A failure: the exit code, a message on stderr, nothing at all on stdout. */
function failed(run: Run, code: 1 | 2, message: RegExp): void {
  expect(run.stdout).toBe('');
  expect(run.code).toBe(code);
  expect(run.stderr).toMatch(message);
}

beforeAll(() => {
  process.env.APP_ENCRYPTION_KEY = KEY;
  resetConfigForTests();
  dataDir = mkdtempSync(path.join(tmpdir(), 'bps-admin-'));
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await db.$disconnect();
});

describe('admin CLI', { timeout: 180_000 }, () => {
  it('sets up a tenant: company, operator, keys, BMS secret, mailbox', async () => {
    const company = parsed(await admin(['company', 'create', '--name', `Zellwerk Süd ${tag}`, '--json']));
    expect(company).toEqual({ id: expect.any(String), slug: `zellwerk-sud-${tag}`, name: `Zellwerk Süd ${tag}` });
    const c = company.id as string;
    const product = await createTestProduct(db, { companyId: c });
    const foreign = await createTestProduct(db, { companyId: (await createTestCompany(db)).id });
    const to = `mailbox-${tag}@example.com`;
    // Independent commands run side by side: each CLI start costs about two seconds.
    const [taken, operator, shortPassword, key, mixed, sandboxGdpr, keysAdmin, gdpr, bms, foreignBms, emptyMailbox] =
      await Promise.all([
        admin(['company', 'create', '--name', 'Again', '--slug', company.slug as string, '--json']),
        admin([
          'operator',
          'create',
          '--company',
          company.slug as string,
          '--email',
          `Ops.${tag}@Example.com`,
          '--password',
          'a long password',
          '--role',
          'editor',
          '--json',
        ]),
        admin([
          'operator',
          'create',
          '--company',
          c,
          '--email',
          `x${tag}@example.com`,
          '--password',
          'short',
          '--role',
          'ADMIN',
          '--json',
        ]),
        admin([
          'key',
          'mint',
          '--company',
          c,
          '--name',
          'ERP',
          '--scopes',
          'dpp:read, dpp:draft:write',
          '--mode',
          'test',
          '--expires-in-days',
          '30',
          '--cidr',
          '10.0.0.0/8,2001:db8::/32',
          '--json',
        ]),
        admin(['key', 'mint', '--company', c, '--name', 'Mixed', '--scopes', 'keys:admin,dpp:read', '--json']),
        admin(['key', 'mint', '--company', c, '--name', 'GDPR', '--scopes', 'gdpr:admin', '--mode', 'test', '--json']),
        admin(['key', 'mint', '--company', c, '--name', 'Admin', '--scopes', 'keys:admin', '--json']),
        admin(['key', 'mint', '--company', c, '--name', 'GDPR', '--scopes', 'gdpr:admin', '--json']),
        admin([
          'bms-secret',
          'create',
          '--company',
          company.slug as string,
          '--name',
          'Line 1',
          '--products',
          product.id,
          '--json',
        ]),
        admin(['bms-secret', 'create', '--company', company.slug as string, '--products', foreign.id, '--json']),
        admin(['mail', 'list', '--to', to, '--json']),
      ]);

    failed(taken, 1, /already taken/);
    expect(parsed(operator)).toEqual({
      id: expect.any(String),
      email: `ops.${tag}@example.com`,
      role: 'EDITOR',
      companyId: c,
    });
    failed(shortPassword, 1, /at least 10 characters/);

    const minted = parsed(key);
    expect(Object.keys(minted).sort()).toEqual([
      'allowedCidrs',
      'expiresAt',
      'id',
      'key',
      'mode',
      'name',
      'scopes',
      'signingSecret',
    ]);
    expect(minted).toMatchObject({
      mode: 'test',
      name: 'ERP',
      scopes: ['dpp:read', 'dpp:draft:write'],
      allowedCidrs: ['10.0.0.0/8', '2001:db8::/32'],
    });
    expect(minted.key).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(minted.signingSecret).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    expect(Math.round((Date.parse(minted.expiresAt as string) - Date.now()) / 86_400_000)).toBe(30);
    // The server decrypts the signing secret with the same APP_ENCRYPTION_KEY.
    expect(signingSecretOf(await db.apiKey.findUniqueOrThrow({ where: { id: minted.id as string } }))).toBe(
      minted.signingSecret,
    );

    failed(mixed, 1, /keys:admin must be the only scope/);
    failed(sandboxGdpr, 1, /only available on live keys/);
    expect(parsed(keysAdmin)).toMatchObject({ scopes: ['keys:admin'], mode: 'live' });
    expect(parsed(gdpr)).toMatchObject({ scopes: ['gdpr:admin'], mode: 'live' });

    expect(parsed(bms)).toEqual({
      id: expect.any(String),
      secret: expect.stringMatching(/^bms_[0-9A-Za-z]{40}$/),
      productIds: [product.id],
    });
    failed(foreignBms, 1, /Not products of this company/);

    expect(parsed(emptyMailbox)).toEqual([]);
    await db.emailOutbox.create({
      data: { to, subject: 'First', text: 't1', html: '<p>t1</p>', createdAt: new Date(Date.now() - 60_000) },
    });
    await db.emailOutbox.create({
      data: { to, subject: 'Second', text: 't2', html: '<p>t2</p>', links: ['http://localhost/x'] },
    });
    const mails = parsed<Record<string, unknown>[]>(await admin(['mail', 'list', '--to', to.toUpperCase(), '--json']));
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(Object.keys(mails[0]).sort()).toEqual(['createdAt', 'id', 'links', 'status', 'subject', 'text', 'to']);
    expect(mails[0]).toMatchObject({ links: ['http://localhost/x'], status: 'PENDING' });
  });

  it('drives a product through approve, withdraw, reinstate and deprecate', async () => {
    const company = await createTestCompany(db);
    const product = await createTestProduct(db, { companyId: company.id, state: 'SUBMITTED' });
    const draft = await createTestProduct(db, { companyId: company.id });
    const step = async (...args: string[]) => parsed(await admin(['product', ...args, '--json']));
    expect(await step('approve', '--id', product.id)).toEqual({
      id: product.id,
      slug: product.slug,
      state: 'published',
      version: 1,
    });
    expect(
      await step(
        'withdraw',
        '--id',
        product.id,
        '--reason',
        'Recall R-12',
        '--operator-details',
        'Ops',
        '--manufacturer-contact',
        'recall@example.com',
      ),
    ).toMatchObject({ state: 'withdrawn', version: 1 });
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).withdrawalReason).toBe('Recall R-12');
    expect(await step('reinstate', '--id', product.id, '--reason', 'Recall closed')).toMatchObject({
      state: 'published',
    });
    expect(await step('deprecate', '--id', product.id)).toMatchObject({ state: 'deprecated' });
    const audit = await db.auditLog.findMany({ where: { productId: product.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.eventType)).toEqual(['Approve', 'Withdraw', 'Reinstate', 'Deprecate']);
    expect(audit.every((a) => a.actorRole === 'System' && a.actorId === 'cli')).toBe(true);
    const [notSubmitted, unknown] = await Promise.all([
      admin(['product', 'approve', '--id', draft.id, '--json']),
      admin(['product', 'approve', '--id', '00000000-0000-4000-8000-000000000000', '--json']),
    ]);
    failed(notSubmitted, 1, /Cannot approve a product in state DRAFT/);
    failed(unknown, 1, /No product with id/);
  });

  it('answers usage errors with exit 2, the usage on stderr and nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [[], /Usage:/],
      [['help'], /Usage:/],
      [['launch', 'rockets', '--json'], /Unknown command "launch rockets"/],
      [['company', 'create', '--json'], /needs --name/],
      [['company', 'create', '--name', 'X', '--colour', 'red'], /Unknown option '--colour'/],
      [['company', 'create', '--name', 'X', '--scopes', 'dpp:read'], /does not take --scopes/],
      [
        ['key', 'mint', '--company', 'x', '--name', 'n', '--scopes', 'dpp:read', '--mode', 'prod'],
        /--mode must be one of live, test/,
      ],
      [
        ['key', 'mint', '--company', 'x', '--name', 'n', '--scopes', 'dpp:read', '--expires-in-days', 'soon'],
        /whole number of days/,
      ],
      [
        ['operator', 'create', '--company', 'x', '--email', 'a@b.c', '--password', 'p', '--role', 'OWNER'],
        /--role must be one of/,
      ],
      [['product', 'withdraw', '--id', 'x', '--json'], /needs --reason/],
    ];
    const runs = await Promise.all(cases.map(([args]) => admin(args)));
    for (const [i, run] of runs.entries()) failed(run, 2, cases[i][1]);
  });

  it('finds the dev database through .data/runtime.json and its secrets through .data/secrets.json', async () => {
    const noDatabase = await admin(['company', 'create', '--name', 'Nowhere', '--json'], { DATABASE_URL: undefined });
    failed(noDatabase, 1, /start the service first with npm run dev, or set DATABASE_URL/);

    const devDir = path.join(dataDir, 'dev');
    mkdirSync(devDir);
    const devKey = randomBytes(32).toString('hex');
    writeFileSync(path.join(devDir, 'runtime.json'), JSON.stringify({ databaseUrl, pid: process.pid }));
    writeFileSync(
      path.join(devDir, 'secrets.json'),
      JSON.stringify({ APP_ENCRYPTION_KEY: devKey, NEXTAUTH_SECRET: 'x'.repeat(64) }),
    );
    const env = { DATABASE_URL: undefined, APP_ENCRYPTION_KEY: undefined, DATA_DIR: devDir };
    const company = parsed(await admin(['company', 'create', '--name', `Dev Tenant ${tag}`, '--json'], env));
    const key = parsed(
      await admin(
        ['key', 'mint', '--company', company.id as string, '--name', 'dev', '--scopes', 'dpp:read', '--json'],
        env,
      ),
    );
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id as string } });
    expect(() => signingSecretOf(row)).toThrow(/another APP_ENCRYPTION_KEY/);
    process.env.APP_ENCRYPTION_KEY = devKey;
    resetConfigForTests();
    try {
      expect(signingSecretOf(row)).toBe(key.signingSecret);
    } finally {
      process.env.APP_ENCRYPTION_KEY = KEY;
      resetConfigForTests();
    }
  });

  it('prints a short human line without --json', async () => {
    const run = await admin(['company', 'create', '--name', `Human ${tag}`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^Created company Human ${tag} \\(slug human-${tag}, id [0-9a-f-]{36}\\)\\.\\n$`),
    );
  });
});
