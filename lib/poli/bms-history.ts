import { type Db, prisma } from '../db/client';

export interface BmsUpdateEntry {
  at: string;
  appliedKeys: string[];
  rejectedKeys: string[];
  counterUpdated: boolean;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The passport's telemetry updates as the audit trail recorded them (the contract's BMS entries), newest first. */
export async function bmsUpdatesOf(
  productId: string,
  { db = prisma, limit = 50 }: { db?: Db; limit?: number } = {},
): Promise<BmsUpdateEntry[]> {
  const rows = await db.auditLog.findMany({
    where: { productId, eventType: 'Update', eventContext: { path: ['source'], equals: 'bms-webhook' } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { createdAt: true, eventContext: true },
  });
  return rows.map((r) => {
    const context = (r.eventContext ?? {}) as Record<string, unknown>;
    return {
      at: r.createdAt.toISOString(),
      appliedKeys: strings(context.appliedFormDataKeys),
      rejectedKeys: strings(context.rejectedFormDataKeys),
      counterUpdated: context.counterUpdated === true,
    };
  });
}
