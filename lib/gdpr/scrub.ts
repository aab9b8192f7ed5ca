import type { Tx } from '../db/client';
import type { AuditLog, Prisma } from '../db/generated/client';
import { unsealBody } from '../integration/idempotency';
import { mentions, replaceMentions } from './subject';

/**
 * Audit writers never store an address (they name rows by id), so this finds nothing today. It is the safety
 * net for a row written otherwise: the trigger's one permitted change (app.gdpr_erasure) pseudonymises it and marks
 * it erased; the audit chain covers those two columns through a digest the erasure leaves as written.
 */
export async function pseudonymiseAuditRows(
  tx: Tx,
  entries: AuditLog[],
  email: string,
  pseudonym: string,
): Promise<number> {
  const holding = entries.filter((a) => mentions(JSON.stringify(a.eventContext), email) || mentions(a.actorId, email));
  if (holding.length === 0) return 0;
  await tx.$executeRaw`SELECT set_config('app.gdpr_erasure', 'on', true)`;
  for (const entry of holding) {
    const context = JSON.parse(
      replaceMentions(JSON.stringify(entry.eventContext), email, pseudonym),
    ) as Prisma.InputJsonValue;
    const actorId = entry.actorId === null ? null : replaceMentions(entry.actorId, email, pseudonym);
    // erasedAt tells the audit chain's verifier that these two columns no longer match the row's personalDigest.
    await tx.auditLog.update({
      where: { id: entry.id },
      data: { eventContext: context, actorId, erasedAt: new Date() },
    });
  }
  await tx.$executeRaw`SELECT set_config('app.gdpr_erasure', 'off', true)`;
  return holding.length;
}

const GDPR_READ_PATHS = ['/api/v1/gdpr/access', '/api/v1/gdpr/portability'];

function storedText(body: Uint8Array): string {
  try {
    return Buffer.from(unsealBody({ sealed: true }, body)).toString('utf8');
  } catch {
    return Buffer.from(body).toString('utf8');
  }
}

/** Stored answers of earlier access and portability calls about the address (kept 24 h for replays) are deleted. */
export async function deleteStoredAnswers(tx: Tx, companyId: string, email: string): Promise<number> {
  const records = await tx.idempotencyRecord.findMany({
    where: { apiKey: { companyId }, path: { in: GDPR_READ_PATHS }, responseBody: { not: null } },
    select: { id: true, responseBody: true },
  });
  const about = records
    .filter((r) => r.responseBody && mentions(storedText(new Uint8Array(r.responseBody)), email))
    .map((r) => r.id);
  if (about.length > 0) await tx.idempotencyRecord.deleteMany({ where: { id: { in: about } } });
  return about.length;
}
