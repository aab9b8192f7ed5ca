import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient } from '../lib/db/client';
import { writeAudit } from '../lib/domain/audit';
import { runAdmin } from '../testing/admin-cli';
import { createPublishedPassport, createTestCompany, TEST_ACTOR } from '../testing/factories';

const databaseUrl = inject('databaseUrl');
const db = createPrismaClient(databaseUrl);

afterAll(() => db.$disconnect());

const admin = (args: string[]) => runAdmin(databaseUrl, args);

/** A company with a published passport and three more audit rows. */
async function tenant() {
  const company = await createTestCompany(db);
  const product = await createPublishedPassport(db, { companyId: company.id });
  for (const i of [1, 2, 3])
    await db.$transaction((tx) => writeAudit(tx, { companyId: company.id, eventType: `Cli${i}`, actor: TEST_ACTOR }));
  const rows = await db.auditLog.findMany({ where: { companyId: company.id }, orderBy: { chainSeq: 'asc' } });
  return { company, product, rows };
}

describe('admin CLI: audit verify', { timeout: 120_000 }, () => {
  it('reports an intact company ok (exit 0) with the rows and versions checked and its head, by slug or id', async () => {
    const { company, product, rows } = await tenant();
    const [bySlug, byId] = await Promise.all([
      admin(['audit', 'verify', '--company', company.slug, '--json']),
      admin(['audit', 'verify', '--company', company.id, '--json']),
    ]);
    expect(bySlug.code, bySlug.stderr).toBe(0);
    const report = JSON.parse(bySlug.stdout);
    expect(report).toEqual({
      ok: true,
      chains: 1,
      rowsChecked: rows.length,
      products: 1,
      versionsChecked: product.version,
      broken: [],
      firstBroken: null,
      heads: [{ companyId: company.id, seq: rows.length, head: rows.at(-1)!.chainHash }],
    });
    expect(byId.code, byId.stderr).toBe(0);
    expect(JSON.parse(byId.stdout)).toEqual(report);
  });

  it('exits 1 for a row changed in the database (triggers off) and still prints the report naming the first broken link', async () => {
    const { company, rows } = await tenant();
    const victim = rows[1];
    const su = new pg.Client({ connectionString: databaseUrl });
    await su.connect();
    try {
      await su.query('BEGIN');
      await su.query('SET LOCAL session_replication_role = replica');
      await su.query(`UPDATE "AuditLog" SET "actorRole" = 'ADMIN' WHERE "id" = $1`, [victim.id]);
      await su.query('COMMIT');
    } finally {
      await su.end();
    }
    const [json, human] = await Promise.all([
      admin(['audit', 'verify', '--company', company.slug, '--json']),
      admin(['audit', 'verify', '--company', company.slug]),
    ]);
    expect(json.code, json.stderr).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      rowsChecked: 2,
      firstBroken: {
        kind: 'audit',
        companyId: company.id,
        id: victim.id,
        seq: 2,
        reason: 'the row changed since it was written (chainHash mismatch)',
      },
    });
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(
      `Audit chain BROKEN (1 chain(s)); first broken link: audit chain of ${company.id}, seq 2 (row ${victim.id}): the row changed since it was written (chainHash mismatch).`,
    );
  });

  it('says in words that the chains are ok and prints the head', async () => {
    const { company, rows } = await tenant();
    const run = await admin(['audit', 'verify', '--company', company.slug]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      `Audit chains ok: 1 audit chain(s), ${rows.length} row(s); 1 version(s) of 1 product(s) checked.\n` +
        `  head of ${company.id}: seq ${rows.length} ${rows.at(-1)!.chainHash}\n`,
    );
  });

  it('walks the whole service without --company: every company with rows and the platform chain', async () => {
    const { company } = await tenant();
    const run = await admin(['audit', 'verify', '--json']);
    const report = JSON.parse(run.stdout);
    // Other test files break their own companies' chains on purpose meanwhile: the exit code follows the report.
    expect(run.code, run.stderr).toBe(report.ok ? 0 : 1);
    expect(report.heads).toEqual(expect.arrayContaining([expect.objectContaining({ companyId: company.id })]));
    expect(report.broken.filter((b: { companyId: string }) => b.companyId === company.id)).toEqual([]);
  });

  it('fails with a message and no stdout for an unknown company, and with usage for an empty --company', async () => {
    const [unknown, empty] = await Promise.all([
      admin(['audit', 'verify', '--company', 'no-such-company-here', '--json']),
      admin(['audit', 'verify', '--company', ' ', '--json']),
    ]);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/No company with id or slug "no-such-company-here"/);
    expect(empty).toMatchObject({ code: 2, stdout: '' });
    expect(empty.stderr).toMatch(/--company must name a company/);
  });
});
