import { type Db, prisma, type Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { DomainContext } from '../domain/context';
import { collectSubjectRows } from './collect';
import { recordGdprRequest, requireGdprRole } from './record';
import { normaliseEmail } from './subject';
import { countsOf, GDPR_EXPORT_FORMAT, subjectDataView } from './view';

export interface SubjectInput {
  email: string;
}

/** How the data-subject verbs are called: the tenant, the subject's address, optionally the caller's transaction. */
export interface SubjectRequest {
  ctx: DomainContext;
  input: SubjectInput;
  db?: Db | Tx;
}

/** What the tenant holds about the address, with the request recorded in the same transaction. */
async function recordedSubjectData(tx: Tx, ctx: DomainContext, kind: 'ACCESS' | 'PORTABILITY', email: string) {
  const rows = await collectSubjectRows(tx, ctx.companyId, email);
  const request = await recordGdprRequest(tx, ctx, kind, email, countsOf(rows));
  return subjectDataView(email, rows, request.createdAt);
}

/** Right of access (Art. 15): everything the tenant holds about the address; the request is recorded. */
export async function gdprAccess({ ctx, input, db = prisma }: SubjectRequest) {
  requireGdprRole(ctx);
  const email = normaliseEmail(input.email);
  return inTransaction(db, (tx) => recordedSubjectData(tx, ctx, 'ACCESS', email));
}

/** Right to data portability (Art. 20): the same data as a versioned, machine-readable export. */
export async function gdprPortability({ ctx, input, db = prisma }: SubjectRequest) {
  requireGdprRole(ctx);
  const email = normaliseEmail(input.email);
  return inTransaction(db, async (tx) => ({
    format: GDPR_EXPORT_FORMAT,
    ...(await recordedSubjectData(tx, ctx, 'PORTABILITY', email)),
  }));
}
