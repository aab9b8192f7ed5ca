// Test kit of the GDPR tests: one company's data about one address in every table that can hold it, written
// through the normal writers where they exist (operators) and as rows elsewhere, so each table is covered alone.
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../lib/crypto/secrets';
import type { Db } from '../lib/db/client';
import { writeAudit } from '../lib/domain/audit';
import { createPublishedPassport, createTestCompany, createTestOperator } from './factories';

export const uniqueAddress = () => `Jane.Doe.${randomBytes(4).toString('hex')}@Repairer.example`;

export async function seedSubject(db: Db, email: string, { operator = true } = {}) {
  const company = await createTestCompany(db);
  const product = await createPublishedPassport(db, { companyId: company.id });
  const request = await db.poliRequest.create({
    data: {
      companyId: company.id,
      productId: product.id,
      email: email.toLowerCase(),
      name: 'Jane Doe',
      organisation: 'Doe Repairs Ltd',
      role: 'REPAIRER',
      tier: 'LEGITIMATE_INTEREST',
      status: 'APPROVED',
      verifiedAt: new Date(),
      decidedAt: new Date(),
      verificationTokenHash: sha256Hex(randomBytes(16)),
      accessTokenHash: sha256Hex(randomBytes(16)),
      accessTokenExpiresAt: new Date(Date.now() + 864e5),
    },
  });
  const grant = await db.poliGrant.create({
    data: {
      requestId: request.id,
      companyId: company.id,
      productId: product.id,
      tier: 'LEGITIMATE_INTEREST',
      sessionHash: sha256Hex(randomBytes(16)),
      expiresAt: new Date(Date.now() + 864e5),
    },
  });
  // The address as the person typed it (mixed case) on the mail to them; a notification to the company names it.
  const toPerson = await db.emailOutbox.create({
    data: {
      companyId: company.id,
      to: email,
      subject: 'Your access request',
      text: `Hello Jane Doe (${email}), access granted.`,
      html: `<p>Hello Jane Doe</p>`,
      links: ['https://passports.example/poli/abc'],
      status: 'SENT',
      sentAt: new Date(),
    },
  });
  const notification = await db.emailOutbox.create({
    data: {
      companyId: company.id,
      to: 'admin@company.example',
      subject: `New access request from ${email}`,
      text: `Requester: ${email}`,
      html: `<a href="mailto:${email}">${email}</a>`,
      status: 'PENDING',
    },
  });
  const actor = { role: 'System', id: 'poli', channel: 'System' as const };
  await writeAudit(db, {
    companyId: company.id,
    productId: product.id,
    eventType: 'PoliRequestCreated',
    actor,
    context: { poliRequestId: request.id },
  });
  await writeAudit(db, {
    companyId: company.id,
    productId: product.id,
    eventType: 'PoliGrantIssued',
    actor,
    context: { poliGrantId: grant.id, poliRequestId: request.id },
  });
  const user = operator ? await createTestOperator(db, { companyId: company.id, role: 'EDITOR', email }) : null;
  return { company, product, request, grant, toPerson, notification, user };
}

export type SeededSubject = Awaited<ReturnType<typeof seedSubject>>;
