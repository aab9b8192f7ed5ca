import { afterAll, describe, expect, inject, it } from 'vitest';
import { didDocument } from '../lib/credentials/documents';
import { createPrismaClient } from '../lib/db/client';
import { runAdmin } from '../testing/admin-cli';
import { createTestCompany } from '../testing/factories';

const databaseUrl = inject('databaseUrl');
const db = createPrismaClient(databaseUrl);

afterAll(() => db.$disconnect());

const admin = (args: string[]) => runAdmin(databaseUrl, args);

describe('admin CLI: issuer rotate', { timeout: 120_000 }, () => {
  it('rotates a company’s issuer key: prints the new and the previous kid, the DID document lists both (current first), one audit row each', async () => {
    const company = await createTestCompany(db);
    const first = await admin(['issuer', 'rotate', '--company', company.slug, '--json']);
    expect(first.code, first.stderr).toBe(0);
    const did = `did:web:localhost%3A3000:issuers:${company.slug}`;
    const one = JSON.parse(first.stdout);
    // A company that never published has no key yet: the first rotation makes one.
    expect(one).toEqual({
      did,
      kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      previousKid: null,
      rotatedAt: expect.any(String),
    });

    const second = await admin(['issuer', 'rotate', '--company', company.id, '--json']);
    expect(second.code, second.stderr).toBe(0);
    const two = JSON.parse(second.stdout);
    expect(two).toEqual({ did, kid: expect.any(String), previousKid: one.kid, rotatedAt: expect.any(String) });
    expect(two.kid).not.toBe(one.kid);

    const document = await didDocument(company.slug, db);
    expect(document.id).toBe(did);
    expect(document.verificationMethod.map((m) => m.id)).toEqual([`${did}#${two.kid}`, `${did}#${one.kid}`]);
    expect(document.assertionMethod).toEqual([`${did}#${two.kid}`, `${did}#${one.kid}`]);

    const audits = await db.auditLog.findMany({
      where: { companyId: company.id, eventType: 'IssuerKeyRotated' },
      orderBy: { createdAt: 'asc' },
      select: { actorRole: true, eventContext: true },
    });
    expect(audits).toEqual([
      { actorRole: 'System', eventContext: { kid: one.kid, previousKid: null } },
      { actorRole: 'System', eventContext: { kid: two.kid, previousKid: one.kid } },
    ]);
  });

  it('says in words which key now signs and which was retired', async () => {
    const company = await createTestCompany(db);
    await admin(['issuer', 'rotate', '--company', company.slug, '--json']);
    const run = await admin(['issuer', 'rotate', '--company', company.slug]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Rotated the issuer key of did:web:\S+: signing with \S+ from now on \(retired \S+\)\.\n$/,
    );
  });

  it('fails with a message and no stdout for an unknown company, and with usage without --company', async () => {
    const unknown = await admin(['issuer', 'rotate', '--company', 'no-such-company-here', '--json']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/No company with id or slug "no-such-company-here"/);
    const usage = await admin(['issuer', 'rotate', '--json']);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toMatch(/"issuer rotate" needs --company/);
  });
});
