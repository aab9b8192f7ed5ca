import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient } from '../lib/db/client';
import { passportPath } from '../lib/gs1/digital-link';
import { withCheckDigit } from '../lib/gs1/gtin';
import { publicRepresentation } from '../lib/passport/public/representations';
import { type CliRun, runAdmin } from '../testing/admin-cli';
import { createPublishedPassport, createTestCompany } from '../testing/factories';

const databaseUrl = inject('databaseUrl');
const db = createPrismaClient(databaseUrl);

afterAll(() => db.$disconnect());

const admin = (args: string[]) => runAdmin(databaseUrl, args);

function parsed<T = Record<string, unknown>>(run: CliRun): T {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

function failed(run: CliRun, code: 1 | 2, message: RegExp): void {
  expect(run.stdout).toBe('');
  expect(run.code).toBe(code);
  expect(run.stderr).toMatch(message);
}

/** The public JSON of `slug` as /api/dpp/{slug} serves it (its stored document when current). */
async function publicJson(slug: string): Promise<Record<string, unknown>> {
  const served = await publicRepresentation({ form: 'dpp', slug });
  return JSON.parse(Buffer.from(served.bytes).toString('utf8'));
}

const gtin = () => withCheckDigit(`0409${String(Date.now() % 1e9).padStart(9, '0')}`);

const revisionOf = async (id: string) =>
  (await db.product.findUniqueOrThrow({ where: { id }, select: { revision: true } })).revision;

const audits = (companyId: string) =>
  db.auditLog.findMany({
    where: { companyId, eventType: { in: ['CompanyCeased', 'CompanyResumed'] } },
    orderBy: { chainSeq: 'asc' },
    select: { eventType: true, actorRole: true, actorId: true, eventContext: true },
  });

describe('admin CLI: company cease and resume', { timeout: 120_000 }, () => {
  it('marks a company ceased: its passports name their address at the back-up in the public JSON, at once, with one audit row; another company is untouched', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const product = await createPublishedPassport(db, { companyId: company.id, gtin: gtin(), serialNumber: 'SN-1' });
    const bystander = await createPublishedPassport(db, { companyId: other.id });
    // Read first, so a stored document of the current revision exists: ceasing must make it stale.
    expect(await publicJson(product.slug)).not.toHaveProperty('continuity');
    const bystanderRevision = await revisionOf(bystander.id);

    const run = await admin([
      'company',
      'cease',
      '--company',
      company.slug,
      '--backup-url',
      'https://archive.example.org/passports/',
      '--json',
    ]);
    const ceased = parsed(run);
    expect(ceased).toEqual({
      companyId: company.id,
      slug: company.slug,
      ceasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      backupUrl: 'https://archive.example.org/passports',
    });
    const path = passportPath(product);
    expect(path).toMatch(/^\/01\/\d{14}\/21\/SN-1$/);
    const json = await publicJson(product.slug);
    expect(json.continuity).toEqual({
      operatorCeasedAt: ceased.ceasedAt,
      backupUrl: `https://archive.example.org/passports${path}`,
    });
    expect(await publicJson(bystander.slug)).not.toHaveProperty('continuity');
    expect(await revisionOf(bystander.id)).toBe(bystanderRevision);
    expect(await audits(company.id)).toEqual([
      {
        eventType: 'CompanyCeased',
        actorRole: 'System',
        actorId: 'cli',
        eventContext: { backupUrl: 'https://archive.example.org/passports', previousBackupUrl: null },
      },
    ]);
    expect(await audits(other.id)).toEqual([]);
  });

  it('moves the back-up address and keeps the date when marked again; the same address again changes nothing', async () => {
    const company = await createTestCompany(db);
    const first = parsed(
      await admin(['company', 'cease', '--company', company.id, '--backup-url', 'https://one.example', '--json']),
    );
    const same = parsed(
      await admin(['company', 'cease', '--company', company.id, '--backup-url', 'https://one.example/', '--json']),
    );
    expect(same).toEqual(first);
    const moved = parsed(
      await admin(['company', 'cease', '--company', company.id, '--backup-url', 'https://two.example', '--json']),
    );
    expect(moved).toEqual({ ...first, backupUrl: 'https://two.example' });
    expect((await audits(company.id)).map((a) => a.eventContext)).toEqual([
      { backupUrl: 'https://one.example', previousBackupUrl: null },
      { backupUrl: 'https://two.example', previousBackupUrl: 'https://one.example' },
    ]);
  });

  it('resumes a ceased company: the notice leaves its passports at once, one audit row; resuming again is refused', async () => {
    const company = await createTestCompany(db);
    const product = await createPublishedPassport(db, { companyId: company.id });
    parsed(await admin(['company', 'cease', '--company', company.slug, '--backup-url', 'https://b.example', '--json']));
    expect(await publicJson(product.slug)).toHaveProperty('continuity');
    const before = await revisionOf(product.id);

    const resumed = parsed(await admin(['company', 'resume', '--company', company.slug, '--json']));
    expect(resumed).toEqual({ companyId: company.id, slug: company.slug, ceasedAt: null, backupUrl: null });
    expect(await revisionOf(product.id)).toBeGreaterThan(before);
    expect(await publicJson(product.slug)).not.toHaveProperty('continuity');
    expect((await audits(company.id)).map((a) => a.eventType)).toEqual(['CompanyCeased', 'CompanyResumed']);

    failed(await admin(['company', 'resume', '--company', company.slug]), 1, /not marked ceased/);
    expect((await audits(company.id)).length).toBe(2);
  });

  it('refuses an address that is not https, carries a query or credentials, and an unknown company, changing nothing', async () => {
    const company = await createTestCompany(db);
    const cease = (url: string, who = company.slug) =>
      admin(['company', 'cease', '--company', who, '--backup-url', url]);
    const [plain, query, credentials, relative, unknown, missing] = await Promise.all([
      cease('http://archive.example.org'),
      cease('https://archive.example.org/?company=1'),
      cease('https://user:secret@archive.example.org'),
      cease('archive.example.org'),
      cease('https://archive.example.org', 'no-such-company-slug'),
      admin(['company', 'cease', '--company', company.slug]),
    ]);
    failed(plain, 1, /must be an https URL/);
    failed(query, 1, /no query and no fragment/);
    failed(credentials, 1, /must not carry credentials/);
    failed(relative, 1, /is not a URL/);
    failed(unknown, 1, /No company with id or slug "no-such-company-slug"/);
    failed(missing, 2, /needs --backup-url/);
    expect(
      await db.company.findUniqueOrThrow({ where: { id: company.id }, select: { ceasedAt: true, backupUrl: true } }),
    ).toEqual({ ceasedAt: null, backupUrl: null });
    expect(await audits(company.id)).toEqual([]);
  });
});
