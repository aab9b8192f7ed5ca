import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import type { TenantArgs } from '../domain/context';
import { ServiceError } from '../errors';
import { requireRole } from '../passport/transitions/result';
import { markCompanyRegistrationsDue } from '../registry/queue';
import { lockedCompany } from './cease-company';
import { CONTINUITY_ROLES, type CompanyContinuity, continuitySelect, continuityView } from './view';

/**
 * Undoes `ceaseCompany` (a company marked by mistake, or taken over): its passports stop naming a back-up address,
 * in one commit with its audit row, stored documents and pages made stale by the same trigger. A company that is
 * not marked ceased is refused with INVALID_STATE.
 */
export async function resumeCompany({ ctx, db = prisma }: TenantArgs): Promise<CompanyContinuity> {
  requireRole(ctx, CONTINUITY_ROLES, 'resume the company');
  return inTransaction(db, async (tx) => {
    const company = await lockedCompany(tx, ctx.companyId);
    if (!company.ceasedAt) throw new ServiceError('INVALID_STATE', 'The company is not marked ceased.');
    const updated = await tx.company.update({
      where: { id: ctx.companyId },
      data: { ceasedAt: null, backupUrl: null },
      select: continuitySelect,
    });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'CompanyResumed',
      actor: ctx.actor,
      context: { previousBackupUrl: company.backupUrl, ceasedAt: company.ceasedAt.toISOString() },
    });
    // The EU registry's records lose their back-up address again.
    await markCompanyRegistrationsDue(tx, ctx.companyId);
    return continuityView(updated);
  });
}
