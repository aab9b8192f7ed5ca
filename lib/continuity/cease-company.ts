import { prisma, type Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import type { VerbArgs } from '../domain/context';
import { ServiceError } from '../errors';
import { requireRole } from '../passport/transitions/result';
import { markCompanyRegistrationsDue } from '../registry/queue';
import { parseBackupUrl } from './backup-url';
import { CONTINUITY_ROLES, type CompanyContinuity, continuitySelect, continuityView } from './view';

export interface CeaseCompanyInput {
  /** The https address where the back-up copy serves the company's passports at this service's paths. */
  backupUrl: string;
}

/** The company's row, locked until the commit: two operators marking it at once take turns. */
export async function lockedCompany(tx: Tx, companyId: string) {
  await tx.$queryRaw`SELECT 1 FROM "Company" WHERE "id" = ${companyId}::uuid FOR UPDATE`;
  const company = await tx.company.findUnique({ where: { id: companyId }, select: continuitySelect });
  if (!company) throw new ServiceError('NOT_FOUND', 'No such company.');
  return company;
}

/**
 * Marks the company ceased (Art. 78 of Regulation (EU) 2023/1542: its passports must stay available without it):
 * every passport of the company then names `backupUrl` on its viewer page and in its public JSON. In one commit
 * with its audit row; the change bumps the revision of every product of the company (a trigger), so no stored
 * document or page without the notice is served after it. Marking it again with another address moves the address
 * and keeps the date; with the same one it changes nothing.
 */
export async function ceaseCompany({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<CeaseCompanyInput>): Promise<CompanyContinuity> {
  requireRole(ctx, CONTINUITY_ROLES, 'mark the company ceased');
  const backupUrl = parseBackupUrl(input.backupUrl);
  return inTransaction(db, async (tx) => {
    const company = await lockedCompany(tx, ctx.companyId);
    if (company.ceasedAt && company.backupUrl === backupUrl) return continuityView(company);
    const updated = await tx.company.update({
      where: { id: ctx.companyId },
      data: { ceasedAt: company.ceasedAt ?? now, backupUrl },
      select: continuitySelect,
    });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'CompanyCeased',
      actor: ctx.actor,
      context: { backupUrl, previousBackupUrl: company.backupUrl },
    });
    // The EU registry learns each passport's back-up address.
    await markCompanyRegistrationsDue(tx, ctx.companyId);
    return continuityView(updated);
  });
}
