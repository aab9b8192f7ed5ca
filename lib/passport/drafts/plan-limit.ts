import type { Tx } from '../../db/client';
import type { Mode } from '../../db/generated/enums';
import { ServiceError } from '../../errors';

/**
 * The plan's product quota, counted per mode (sandbox drafts never eat into the live quota). Under a limit the
 * company row is locked so two concurrent creations cannot both take the last place; without one nothing is locked,
 * so creations of one company (an import's rows in flight side by side) never wait for each other here.
 */
export async function requireProductQuota(tx: Tx, companyId: string, mode: Mode): Promise<void> {
  const plan = await tx.$queryRaw<{ maxProducts: number | null }[]>`
    SELECT "maxProducts" FROM "Company" WHERE "id" = ${companyId}::uuid`;
  if ((plan[0]?.maxProducts ?? null) === null) return;
  // The limit read again under the lock: a plan changed in between is the one that counts.
  const rows = await tx.$queryRaw<{ maxProducts: number | null }[]>`
    SELECT "maxProducts" FROM "Company" WHERE "id" = ${companyId}::uuid FOR NO KEY UPDATE`;
  const limit = rows[0]?.maxProducts ?? null;
  if (limit === null) return;
  const count = await tx.product.count({ where: { companyId, mode } });
  if (count >= limit) {
    throw new ServiceError('PLAN_LIMIT', `The company's plan allows ${limit} product(s) in this mode.`, {
      details: { limit, mode: mode === 'TEST' ? 'test' : 'live' },
    });
  }
}
