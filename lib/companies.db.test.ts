import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { rowsJson } from '../testing/json';
import { createCompany, createOperator, resolveCompany, slugFromName } from './companies';
import { verifyPassword } from './crypto/passwords';
import { createPrismaClient } from './db/client';

const db = createPrismaClient(inject('databaseUrl'));
const tag = () => randomBytes(3).toString('hex');
afterAll(() => db.$disconnect());

describe('slugFromName', () => {
  it('makes lowercase ASCII with single hyphens', () => {
    expect(slugFromName('Voltaris Battery Systems GmbH')).toBe('voltaris-battery-systems-gmbh');
    expect(slugFromName('  Ümlaut & Söhne — Straße 5 ')).toBe('umlaut-sohne-strasse-5');
    expect(slugFromName('Ærø Energi A/S')).toBe('aero-energi-a-s');
    expect(slugFromName('電池')).toBe('');
  });
});

describe('createCompany and resolveCompany', () => {
  it('derives a unique slug from the name and refuses a taken one', async () => {
    const t = tag();
    const company = await createCompany(db, { name: `Zellwerk Nord ${t}` });
    expect(company.slug).toBe(`zellwerk-nord-${t}`);
    await expect(createCompany(db, { name: 'Other', slug: company.slug })).rejects.toMatchObject({
      code: 'NAME_IN_USE',
    });
    expect(await db.auditLog.count({ where: { companyId: company.id, eventType: 'CompanyCreated' } })).toBe(1);
  });

  it('validates explicit slugs and names', async () => {
    await expect(createCompany(db, { name: 'X', slug: 'Not valid!' })).rejects.toThrow(/not a valid slug/);
    await expect(createCompany(db, { name: 'X', slug: '0b5e3a4c-1111-4222-8333-444455556666' })).rejects.toThrow(
      /not a valid slug/,
    );
    await expect(createCompany(db, { name: '電池' })).rejects.toThrow(/No slug can be derived/);
    await expect(createCompany(db, { name: '   ' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('resolves by id or slug, with a clear not-found', async () => {
    const company = await createCompany(db, { name: 'Resolve Me', slug: `resolve-${tag()}` });
    expect((await resolveCompany(db, company.id)).id).toBe(company.id);
    expect((await resolveCompany(db, company.slug.toUpperCase())).id).toBe(company.id);
    await expect(resolveCompany(db, 'no-such-company')).rejects.toThrow(
      'No company with id or slug "no-such-company".',
    );
    await expect(resolveCompany(db, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('createOperator', () => {
  it('normalises the email, hashes the password and refuses duplicates', async () => {
    const company = await createCompany(db, { name: `Operators ${tag()}` });
    const email = `Dana.${tag()}@Example.COM`;
    const user = await createOperator(db, {
      companyId: company.id,
      email: ` ${email} `,
      password: 'long enough pw',
      role: 'reviewer',
    });
    expect(user).toMatchObject({ email: email.toLowerCase(), role: 'REVIEWER', companyId: company.id });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword('long enough pw', row.passwordHash)).toBe(true);
    await expect(
      createOperator(db, {
        companyId: company.id,
        email: email.toUpperCase(),
        password: 'long enough pw',
        role: 'ADMIN',
      }),
    ).rejects.toMatchObject({ code: 'NAME_IN_USE' });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { companyId: company.id, eventType: 'OperatorCreated' },
    });
    expect(rowsJson(audit).toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('refuses bad emails, roles, passwords and companies', async () => {
    const company = await createCompany(db, { name: `Refusals ${tag()}` });
    const base = { companyId: company.id, email: `x${tag()}@example.com`, password: 'long enough pw', role: 'EDITOR' };
    await expect(createOperator(db, { ...base, email: 'not-an-email' })).rejects.toThrow(/not a valid email/);
    await expect(createOperator(db, { ...base, role: 'OWNER' })).rejects.toThrow(/ADMIN, EDITOR, REVIEWER/);
    await expect(createOperator(db, { ...base, password: 'short' })).rejects.toThrow(/at least 10/);
    await expect(
      createOperator(db, { ...base, companyId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
