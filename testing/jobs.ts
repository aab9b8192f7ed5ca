import { randomBytes } from 'node:crypto';
import { prisma } from '../lib/db/client';
import type { JobLog } from '../lib/jobs/job';
import { createTestCompany, mintTestKey } from './factories';

/** A JobLog that keeps what it is told, for tests that check what a job reported. */
export function recordingLog() {
  const entries: { level: 'info' | 'warn' | 'error'; obj: object; msg?: string }[] = [];
  const at = (level: 'info' | 'warn' | 'error') => (obj: object, msg?: string) =>
    void entries.push({ level, obj, msg });
  const log: JobLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, entries };
}

const HOUR_MS = 3_600_000;

/**
 * A fresh API key with three idempotency records: two past their expiry (by a day, and by a second) and one
 * still inside its 24 h. Returns the key id, to read back which of them remain.
 */
export async function keyWithIdempotencyRecords(): Promise<string> {
  const company = await createTestCompany(prisma);
  const key = await mintTestKey(prisma, company.id, { scopes: ['dpp:draft:write'] });
  const now = Date.now();
  const records = {
    'expired-yesterday': now - 25 * HOUR_MS,
    'expired-just-now': now - 1_000,
    fresh: now + 23 * HOUR_MS,
  };
  await prisma.idempotencyRecord.createMany({
    data: Object.entries(records).map(([idempotencyKey, expiresAt]) => ({
      apiKeyId: key.id,
      idempotencyKey,
      method: 'POST',
      path: '/api/v1/products',
      bodyHash: randomBytes(32).toString('hex'),
      responseStatus: 201,
      completedAt: new Date(expiresAt - 24 * HOUR_MS),
      expiresAt: new Date(expiresAt),
    })),
  });
  return key.id;
}

export async function remainingIdempotencyKeys(apiKeyId: string): Promise<string[]> {
  const rows = await prisma.idempotencyRecord.findMany({
    where: { apiKeyId },
    select: { idempotencyKey: true },
    orderBy: { idempotencyKey: 'asc' },
  });
  return rows.map((r) => r.idempotencyKey);
}
