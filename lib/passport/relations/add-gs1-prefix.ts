import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isGs1CompanyPrefix } from '../../gs1/company-prefix';
import { requireRole } from '../transitions/result';
import { gs1PrefixView } from './views';

const invalid = (message: string) => new ServiceError('GS1_PREFIX_INVALID', message, { details: { field: 'prefix' } });

/**
 * Registers a GS1 Company Prefix the company's GTINs may fall under. A prefix belongs to one licensee, so one
 * that overlaps another company's (either is a prefix of the other) is refused without naming that company.
 * Registering a prefix the company already holds answers the existing row (`created: false`).
 */
export async function addGs1Prefix({ ctx, input, db = prisma }: VerbArgs<{ prefix: string }>) {
  requireRole(ctx, ['ADMIN', 'EDITOR', 'Integration', 'System'], 'register GS1 company prefixes');
  // Prefixes are company-wide and govern live GTINs; sandbox data must never reach them.
  if (ctx.mode === 'TEST')
    throw new ServiceError('CROSS_MODE_DENIED', 'GS1 Company Prefixes can only be registered with a live key.');
  const { prefix } = input;
  if (!isGs1CompanyPrefix(prefix)) throw invalid('A GS1 Company Prefix is 4 to 12 digits.');
  return inTransaction(db, async (tx) => {
    // One registration at a time across companies: two overlapping prefixes checked at once would both pass.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('bps:gs1-prefixes', 0))`;
    const held = await tx.gs1Prefix.findUnique({ where: { companyId_prefix: { companyId: ctx.companyId, prefix } } });
    if (held) return { prefix: gs1PrefixView(held), created: false };
    const [clash] = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id"::text FROM "Gs1Prefix"
      WHERE "companyId" <> ${ctx.companyId}::uuid AND (starts_with(${prefix}, "prefix") OR starts_with("prefix", ${prefix}))
      LIMIT 1`;
    if (clash) throw invalid('This prefix overlaps a GS1 Company Prefix already registered to another company.');
    const row = await tx.gs1Prefix.create({ data: { companyId: ctx.companyId, prefix } });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'Gs1PrefixAdded',
      actor: ctx.actor,
      context: { gs1PrefixId: row.id, prefix },
    });
    return { prefix: gs1PrefixView(row), created: true };
  });
}
