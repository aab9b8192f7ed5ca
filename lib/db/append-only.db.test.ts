import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from './client';

// prisma/migrations/20261123000100_append_only: published passport versions and audit rows can only be added.
// Every refused statement runs inside a transaction that is rolled back whatever happens, so a broken trigger
// fails the test without wiping rows other test files use.

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is not set: run through vitest (its globalSetup creates a migrated database)');
  return url;
}

const RESTRICT_VIOLATION = '23001';

let client: pg.Client;
let ids: { company: string; product: string; version: string; audit: string };

/** Runs `statements` in a transaction that is always rolled back; returns the error the database raised, if any. */
async function attempt(...statements: [string, unknown[]?][]): Promise<(Error & { code?: string }) | undefined> {
  await client.query('BEGIN');
  try {
    for (const [sql, params] of statements) await client.query(sql, params);
    return undefined;
  } catch (err) {
    return err as Error & { code?: string };
  } finally {
    await client.query('ROLLBACK');
  }
}

function expectRefused(err: (Error & { code?: string }) | undefined, table: string, op: string): void {
  expect(err, `${op} on ${table} was allowed`).toBeDefined();
  expect({ code: err!.code, message: err!.message }).toEqual({
    code: RESTRICT_VIOLATION,
    message: `${table} is append-only: ${op} refused`,
  });
}

const row = async (table: 'PassportVersion' | 'AuditLog', id: string) =>
  (await client.query(`SELECT * FROM "${table}" WHERE "id" = $1`, [id])).rows[0] as Record<string, unknown> | undefined;

beforeAll(async () => {
  const suffix = randomBytes(4).toString('hex');
  const prisma = createPrismaClient(databaseUrl());
  try {
    const industry = await prisma.industry.create({ data: { code: `TEST_${suffix}`, name: 'Test industry' } });
    const category = await prisma.category.create({
      data: { industryId: industry.id, code: `test-${suffix}`, name: 'Test category' },
    });
    const company = await prisma.company.create({ data: { slug: `append-only-${suffix}`, name: 'Append-only Ltd' } });
    const product = await prisma.product.create({
      data: {
        companyId: company.id,
        categoryId: category.id,
        schemaVersion: 1,
        slug: `p-${suffix}`,
        name: 'Cell pack',
      },
    });
    const snapshot = Buffer.from('{"passport":1}');
    const version = await prisma.passportVersion.create({
      data: {
        productId: product.id,
        version: 1,
        snapshot,
        sha256: createHash('sha256').update(snapshot).digest('hex'),
        byteLength: snapshot.length,
        schemaVersion: 1,
      },
    });
    const audit = await prisma.auditLog.create({
      data: {
        companyId: company.id,
        productId: product.id,
        eventType: 'passport.published',
        actorRole: 'EDITOR',
        actorId: 'user-42',
        eventChannel: 'portal',
        eventContext: { email: 'editor@example.com', ip: '192.0.2.1' },
      },
    });
    ids = { company: company.id, product: product.id, version: version.id, audit: audit.id };
  } finally {
    await prisma.$disconnect();
  }
  client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
});

describe.each([
  [
    'PassportVersion',
    () => ids.version,
    `UPDATE "PassportVersion" SET "byteLength" = "byteLength" + 1 WHERE "id" = $1`,
  ],
  ['AuditLog', () => ids.audit, `UPDATE "AuditLog" SET "eventType" = 'tampered' WHERE "id" = $1`],
] as const)('%s is append-only', (table, id, update) => {
  it('refuses UPDATE', async () => {
    const before = await row(table, id());
    expectRefused(await attempt([update, [id()]]), table, 'UPDATE');
    expect(await row(table, id())).toEqual(before);
  });

  it('refuses DELETE', async () => {
    expectRefused(await attempt([`DELETE FROM "${table}" WHERE "id" = $1`, [id()]]), table, 'DELETE');
    expect(await row(table, id())).toBeDefined();
  });

  // CASCADE: a plain TRUNCATE of PassportVersion is already refused by the credentials' foreign key; this proves
  // the trigger refuses it too, as it does for a table nothing references.
  it('refuses TRUNCATE', async () => {
    expectRefused(await attempt([`TRUNCATE "${table}" CASCADE`]), table, 'TRUNCATE');
    expect(await row(table, id())).toBeDefined();
  });

  it('refuses UPDATE, DELETE and TRUNCATE also with app.gdpr_erasure on, except the audit pseudonymisation', async () => {
    const erasure: [string] = [`SET LOCAL app.gdpr_erasure = 'on'`];
    expectRefused(await attempt(erasure, [update, [id()]]), table, 'UPDATE');
    expectRefused(await attempt(erasure, [`DELETE FROM "${table}" WHERE "id" = $1`, [id()]]), table, 'DELETE');
    expectRefused(await attempt(erasure, [`TRUNCATE "${table}" CASCADE`]), table, 'TRUNCATE');
  });

  it('still accepts new rows (INSERT is not refused)', async () => {
    const err =
      table === 'PassportVersion'
        ? await attempt([
            `INSERT INTO "PassportVersion" ("id", "productId", "version", "snapshot", "sha256", "byteLength", "schemaVersion")
             VALUES ($1, $2, 2, '\\x00', repeat('0', 64), 1, 1)`,
            [randomUUID(), ids.product],
          ])
        : await attempt([
            `INSERT INTO "AuditLog" ("id", "companyId", "eventType", "actorRole", "eventChannel") VALUES ($1, $2, 'x', 'SYSTEM', 'test')`,
            [randomUUID(), ids.company],
          ]);
    expect(err).toBeUndefined();
  });
});

describe('GDPR erasure of AuditLog', () => {
  const erasure: [string] = [`SET LOCAL app.gdpr_erasure = 'on'`];
  const pseudonymise = `UPDATE "AuditLog" SET "actorId" = 'erased', "eventContext" = '{"erased": true}' WHERE "id" = $1`;
  const pseudonymiseRow = (): [string, unknown[]] => [pseudonymise, [ids.audit]];

  it('refuses pseudonymising actorId/eventContext without SET LOCAL app.gdpr_erasure = on', async () => {
    expectRefused(await attempt(pseudonymiseRow()), 'AuditLog', 'UPDATE');
    expectRefused(await attempt([`SET LOCAL app.gdpr_erasure = 'off'`], pseudonymiseRow()), 'AuditLog', 'UPDATE');
  });

  it.each([
    ['eventType', `"eventType" = 'tampered'`],
    ['actorRole', `"actorRole" = 'ADMIN'`],
    ['eventChannel', `"eventChannel" = 'api'`],
    ['createdAt', `"createdAt" = "createdAt" - interval '1 day'`],
    ['companyId', `"companyId" = NULL`],
    ['productId', `"productId" = NULL`],
    ['id', `"id" = gen_random_uuid()`],
  ])(
    'refuses changing %s even with app.gdpr_erasure on (alone or together with the pseudonymisation)',
    async (_column, assignment) => {
      expectRefused(
        await attempt(erasure, [`UPDATE "AuditLog" SET ${assignment} WHERE "id" = $1`, [ids.audit]]),
        'AuditLog',
        'UPDATE',
      );
      expectRefused(
        await attempt(erasure, [
          `UPDATE "AuditLog" SET "actorId" = 'erased', ${assignment} WHERE "id" = $1`,
          [ids.audit],
        ]),
        'AuditLog',
        'UPDATE',
      );
    },
  );

  it('accepts pseudonymising actorId and eventContext inside a transaction with SET LOCAL app.gdpr_erasure = on', async () => {
    const before = await row('AuditLog', ids.audit);
    await client.query('BEGIN');
    try {
      await client.query(erasure[0]);
      const result = await client.query(pseudonymise, [ids.audit]);
      expect(result.rowCount).toBe(1);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
    expect(await row('AuditLog', ids.audit)).toEqual({ ...before, actorId: 'erased', eventContext: { erased: true } });

    // SET LOCAL ended with the transaction: the same connection is refused again afterwards.
    expect((await client.query(`SELECT current_setting('app.gdpr_erasure', true) AS v`)).rows[0].v).not.toBe('on');
    expectRefused(
      await attempt([`UPDATE "AuditLog" SET "actorId" = 'again' WHERE "id" = $1`, [ids.audit]]),
      'AuditLog',
      'UPDATE',
    );
  });
});
