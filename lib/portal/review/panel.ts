import { type Db, prisma, type Tx } from '../../db/client';
import type { Mode, ProductState } from '../../db/generated/enums';
import type { VerbArgs } from '../../domain/context';
import { isUuid } from '../../ids';
import { requireRole } from '../../passport/transitions/result';

/** The withdrawal form offers at most this many successors (by name); a company with more picks by API. */
export const SUCCESSOR_CHOICES = 200;

const READ_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];

export interface PanelProduct {
  id: string;
  name: string;
  state: ProductState;
  mode: Mode;
  version: number;
  submittedAt: Date | null;
  withdrawnAt: Date | null;
  deprecatedAt: Date | null;
  recycledAt: Date | null;
  recycledRetainUntil: Date | null;
}

export interface SuccessorChoice {
  id: string;
  name: string;
}

export interface LifecyclePanelData {
  product: PanelProduct;
  /** Candidates for the withdrawal's successor; empty unless the passport can be withdrawn. */
  successors: SuccessorChoice[];
}

/** What the lifecycle panel shows of one of the tenant's products; null for an unknown or foreign id. */
export async function loadLifecyclePanel({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string }>): Promise<LifecyclePanelData | null> {
  requireRole(ctx, READ_ROLES, 'read a passport');
  if (!isUuid(input.productId)) return null;
  const product = await db.product.findFirst({
    where: { id: input.productId, companyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) },
    select: {
      id: true,
      name: true,
      state: true,
      mode: true,
      version: true,
      submittedAt: true,
      withdrawnAt: true,
      deprecatedAt: true,
      recycledAt: true,
      recycledRetainUntil: true,
    },
  });
  if (!product) return null;
  const successors = product.state === 'APPROVED' ? await successorChoices(db, ctx.companyId, product) : [];
  return { product, successors };
}

/** The withdraw verb's successor rule: another publicly served passport of the company, in the same mode. */
function successorChoices(
  db: Db | Tx,
  companyId: string,
  product: { id: string; mode: Mode },
): Promise<SuccessorChoice[]> {
  return db.product.findMany({
    where: {
      companyId,
      mode: product.mode,
      id: { not: product.id },
      OR: [{ state: 'APPROVED' }, { state: { in: ['DRAFT', 'SUBMITTED'] }, version: { gt: 0 } }],
    },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: SUCCESSOR_CHOICES,
  });
}
