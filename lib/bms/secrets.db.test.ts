import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestCompany, createTestProduct } from '../../testing/factories';
import { rowsJson } from '../../testing/json';
import { sha256Hex } from '../crypto/secrets';
import { createPrismaClient } from '../db/client';
import { systemActor } from '../domain/context';
import { createBmsSecret, findActiveBmsSecret, revokeBmsSecret } from './secrets';

const db = createPrismaClient(inject('databaseUrl'));
const actor = systemActor('bms-test');
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  companyId = (await createTestCompany(db)).id;
  otherCompanyId = (await createTestCompany(db)).id;
});
afterAll(() => db.$disconnect());

describe('createBmsSecret', () => {
  it('returns a bms_ secret once and keeps only its SHA-256, audited without the secret', async () => {
    const created = await createBmsSecret(db, { companyId, name: 'Line 3 BMS', actor });
    expect(created.secret).toMatch(/^bms_[0-9A-Za-z]{40}$/);
    expect(created.productIds).toEqual([]);
    const row = await db.bmsSecret.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretHash).toBe(sha256Hex(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(4));
    const audit = await db.auditLog.findFirstOrThrow({
      where: { companyId, eventType: 'BmsSecretCreated' },
      orderBy: { createdAt: 'desc' },
    });
    expect(audit.eventContext).toMatchObject({ bmsSecretId: created.id, name: 'Line 3 BMS' });
    expect(rowsJson(audit)).not.toContain(created.secret.slice(4));
  });

  it('limits a secret to products of its own company', async () => {
    const own = await createTestProduct(db, { companyId });
    const created = await createBmsSecret(db, { companyId, productIds: [own.id.toUpperCase(), own.id], actor });
    expect(created.productIds).toEqual([own.id]);
    expect((await db.bmsSecret.findUniqueOrThrow({ where: { id: created.id } })).productIds).toEqual([own.id]);
  });

  it('refuses another company’s product without creating anything', async () => {
    const foreign = await createTestProduct(db, { companyId: otherCompanyId });
    const own = await createTestProduct(db, { companyId });
    const before = await db.bmsSecret.count({ where: { companyId } });
    const attempt = createBmsSecret(db, { companyId, productIds: [own.id, foreign.id], actor });
    await expect(attempt).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `Not products of this company: ${foreign.id}.`,
    });
    await expect(createBmsSecret(db, { companyId, productIds: ['not-a-uuid'], actor })).rejects.toThrow(
      /Not product ids/,
    );
    expect(await db.bmsSecret.count({ where: { companyId } })).toBe(before);
  });
});

describe('revokeBmsSecret and findActiveBmsSecret', () => {
  it('finds an active secret by plaintext until it is revoked', async () => {
    const created = await createBmsSecret(db, { companyId, actor });
    expect((await findActiveBmsSecret(created.secret))?.id).toBe(created.id);
    await expect(revokeBmsSecret(db, { companyId: otherCompanyId, secretId: created.id, actor })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    const revoked = await revokeBmsSecret(db, { companyId, secretId: created.id, actor });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await findActiveBmsSecret(created.secret)).toBeNull();
    expect((await revokeBmsSecret(db, { companyId, secretId: created.id, actor })).revokedAt).toEqual(
      revoked.revokedAt,
    );
    expect(
      await db.auditLog.count({
        where: {
          companyId,
          eventType: 'BmsSecretRevoked',
          eventContext: { path: ['bmsSecretId'], equals: created.id },
        },
      }),
    ).toBe(1);
    expect(await findActiveBmsSecret('bms_short')).toBeNull();
  });
});
