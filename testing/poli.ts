// Test kit of the PoLI tests: a manufacturer with a published passport and its reviewers, and requests brought
// to each status through the real verbs, with the tokens read back from the mails (the only place they exist).
import { randomBytes } from 'node:crypto';
import type { Db } from '../lib/db/client';
import type { PoliRole } from '../lib/db/generated/enums';
import type { DomainContext } from '../lib/domain/context';
import { approvePoliRequest } from '../lib/poli/approve-request';
import { requestPoliAccess } from '../lib/poli/request-access';
import { verifyPoliEmail } from '../lib/poli/verify-email';
import { createPublishedPassport, createTestCompany, createTestOperator, TEST_ACTOR } from './factories';

export const uniqueEmail = (label = 'verifier') => `${label}.${randomBytes(4).toString('hex')}@recycler.example`;

export async function poliTenant(db: Db) {
  const company = await createTestCompany(db);
  const product = await createPublishedPassport(db, { companyId: company.id });
  const reviewer = await createTestOperator(db, { companyId: company.id, role: 'REVIEWER' });
  const admin = await createTestOperator(db, { companyId: company.id, role: 'ADMIN' });
  const editor = await createTestOperator(db, { companyId: company.id, role: 'EDITOR' });
  const reviewerCtx: DomainContext = {
    companyId: company.id,
    actor: { role: 'REVIEWER', id: reviewer.id, channel: 'Portal' },
  };
  const editorCtx: DomainContext = {
    companyId: company.id,
    actor: { role: 'EDITOR', id: editor.id, channel: 'Portal' },
  };
  const systemCtx: DomainContext = { companyId: company.id, actor: TEST_ACTOR };
  return { company, product, reviewer, admin, editor, reviewerCtx, editorCtx, systemCtx };
}

export type PoliTenant = Awaited<ReturnType<typeof poliTenant>>;

/** The newest mail to an address and the `token` of its first link. */
export async function lastMailTo(db: Db, to: string) {
  const mail = await db.emailOutbox.findFirstOrThrow({
    where: { to },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  const link = mail.links[0];
  return { mail, link, token: link ? new URL(link).searchParams.get('token') : null };
}

export async function submittedRequest(
  db: Db,
  t: PoliTenant,
  { email = uniqueEmail(), role = 'RECYCLER' as PoliRole } = {},
) {
  const outcome = await requestPoliAccess({
    input: { productId: t.product.id, email, name: 'Vera Verifier', organisation: 'Circular Metals BV', role },
    db,
  });
  if (outcome.kind !== 'created') throw new Error('request not created');
  const { token } = await lastMailTo(db, email);
  return { requestId: outcome.requestId, email, verificationToken: token! };
}

export async function verifiedRequest(db: Db, t: PoliTenant, options: { email?: string; role?: PoliRole } = {}) {
  const submitted = await submittedRequest(db, t, options);
  const verified = await verifyPoliEmail({ input: { token: submitted.verificationToken }, db });
  if (!verified.ok) throw new Error('verification failed');
  return submitted;
}

export async function approvedRequest(db: Db, t: PoliTenant, options: { email?: string; role?: PoliRole } = {}) {
  const verified = await verifiedRequest(db, t, options);
  await approvePoliRequest({ ctx: t.reviewerCtx, input: { requestId: verified.requestId }, db });
  const { token } = await lastMailTo(db, verified.email);
  return { ...verified, accessToken: token! };
}
