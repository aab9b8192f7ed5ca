import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient } from '../lib/db/client';
import { runAdmin } from '../testing/admin-cli';
import { createTestBmsSecret, createTestCompany } from '../testing/factories';

const databaseUrl = inject('databaseUrl');
const db = createPrismaClient(databaseUrl);
afterAll(() => db.$disconnect());

const admin = (args: string[]) => runAdmin(databaseUrl, args);

describe('admin CLI: bms-secret list and revoke', { timeout: 120_000 }, () => {
  it('lists a company’s secrets without hashes, revokes one by id, and the list shows it revoked', async () => {
    const company = await createTestCompany(db);
    const secret = await createTestBmsSecret(db, company.id, { name: 'Line 4' });
    const listed = await admin(['bms-secret', 'list', '--company', company.slug, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      {
        id: secret.id,
        name: 'Line 4',
        productIds: [],
        createdAt: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(listed.stdout).not.toContain(secret.secret.slice(4));

    const revoked = await admin(['bms-secret', 'revoke', '--id', secret.id, '--json']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ id: secret.id, revokedAt: expect.any(String) });
    const again = JSON.parse((await admin(['bms-secret', 'list', '--company', company.id, '--json'])).stdout);
    expect(again[0].revokedAt).toBe(JSON.parse(revoked.stdout).revokedAt);
  });

  it('fails with a message and no stdout for an unknown secret id', async () => {
    const run = await admin(['bms-secret', 'revoke', '--id', '00000000-0000-4000-8000-000000000000', '--json']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toMatch(/No such BMS secret/);
  });
});
