import { type Db, prisma, type Tx } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import type { MergeSubject } from '../models/merge';
import { getProductOrThrow } from './find-product';
import {
  componentGraphCheck,
  documentsCheck,
  type GateCheck,
  gtinPrefixCheck,
  readinessCheck,
  schemaCompatibilityCheck,
} from './gate-checks';
import { type ReadinessReport, readinessOfProduct } from './readiness';
import { compatibilityOf } from './schema-compatibility';

export type { GateCheck, GateCheckId, GateStatus } from './gate-checks';

export interface GateReport {
  /** True when no check fails (warnings and skipped checks never block). */
  ok: boolean;
  checks: GateCheck[];
}

type Subject = {
  id: string;
  companyId: string;
  categoryId: string;
  schemaVersion: number;
  formData: unknown;
  gtin: string | null;
  kind?: MergeSubject['kind'];
  modelId?: string | null;
};

/** Every publication check with its result, in a fixed order; the readiness report comes along for submission. */
export async function gateOf(db: Db | Tx, product: Subject): Promise<GateReport & { readiness: ReadinessReport }> {
  const readiness = await readinessOfProduct(db, product);
  const checks = [
    readinessCheck(readiness),
    schemaCompatibilityCheck(await compatibilityOf(db, product)),
    await componentGraphCheck(db, product.companyId, product.id),
    await gtinPrefixCheck(db, product.companyId, product.gtin),
    await documentsCheck(db, product.companyId, product.id),
  ];
  return { ok: checks.every((c) => c.status !== 'fail'), checks, readiness };
}

export async function productGate({ ctx, input, db = prisma }: VerbArgs<{ productId: string }>): Promise<GateReport> {
  const { ok, checks } = await gateOf(db, await getProductOrThrow(db, ctx, input.productId));
  return { ok, checks };
}
