import type { Db, Tx } from '../db/client';
import type { AuditLog, EmailOutbox, PoliGrant, PoliRequest, User } from '../db/generated/client';
import { containsPattern, mentions, normaliseEmail } from './subject';

/** Every row of one tenant about one address, as stored. */
export interface SubjectRows {
  poliRequests: PoliRequest[];
  poliGrants: PoliGrant[];
  operatorAccounts: User[];
  /** Mails to the address, and the tenant's mails that mention it (a notification naming a requester). */
  emails: EmailOutbox[];
  auditEntries: AuditLog[];
}

const byAddress = (email: string) => ({ equals: normaliseEmail(email), mode: 'insensitive' as const });

async function emailsAbout(db: Db | Tx, companyId: string, email: string): Promise<EmailOutbox[]> {
  const like = { contains: normaliseEmail(email), mode: 'insensitive' as const };
  const candidates = await db.emailOutbox.findMany({
    where: { companyId, OR: [{ to: byAddress(email) }, { subject: like }, { text: like }, { html: like }] },
    orderBy: { createdAt: 'asc' },
  });
  return candidates.filter((m) => [m.to, m.subject, m.text, m.html, ...m.links].some((t) => mentions(t, email)));
}

/**
 * Audit rows about those rows: written by the person (actor id), or naming one of the rows (entity ids in the
 * context). The address itself is never written to an audit context; a row that holds it anyway is included too.
 */
async function auditAbout(db: Db | Tx, companyId: string, ids: string[], email: string): Promise<AuditLog[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT a."id" FROM "AuditLog" a
    WHERE a."companyId" = ${companyId}::uuid
      AND (a."actorId" = ANY(${ids}::text[])
        OR EXISTS (SELECT 1 FROM unnest(${ids}::text[]) AS ref(id) WHERE a."eventContext"::text LIKE '%' || ref.id || '%')
        OR a."eventContext"::text ILIKE ${containsPattern(email)}
        OR a."actorId" ILIKE ${containsPattern(email)})`;
  if (rows.length === 0) return [];
  return db.auditLog.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: { createdAt: 'asc' } });
}

/** Only the key's company: another tenant's rows about the same address are never read. */
export async function collectSubjectRows(db: Db | Tx, companyId: string, email: string): Promise<SubjectRows> {
  const poliRequests = await db.poliRequest.findMany({
    where: { companyId, email: byAddress(email) },
    orderBy: { createdAt: 'asc' },
  });
  const poliGrants = await db.poliGrant.findMany({
    where: { companyId, requestId: { in: poliRequests.map((r) => r.id) } },
    orderBy: { createdAt: 'asc' },
  });
  const operatorAccounts = await db.user.findMany({
    where: { companyId, email: byAddress(email) },
    orderBy: { createdAt: 'asc' },
  });
  const emails = await emailsAbout(db, companyId, email);
  const ids = [...poliRequests, ...poliGrants, ...operatorAccounts, ...emails].map((r) => r.id);
  const auditEntries = await auditAbout(db, companyId, ids, email);
  return { poliRequests, poliGrants, operatorAccounts, emails, auditEntries };
}
