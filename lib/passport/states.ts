import type { ProductState } from '../db/generated/enums';

/** Public names of the workflow states (the contract's draft, submitted, published, withdrawn, deprecated). */
export const PUBLIC_STATE: Record<ProductState, 'draft' | 'submitted' | 'published' | 'withdrawn' | 'deprecated'> = {
  DRAFT: 'draft',
  SUBMITTED: 'submitted',
  APPROVED: 'published',
  WITHDRAWN: 'withdrawn',
  DEPRECATED: 'deprecated',
};

/** States in which the Integration API may not change a product (rule 1 of the contract's States). */
export const FROZEN_STATES: ReadonlySet<ProductState> = new Set(['SUBMITTED', 'APPROVED', 'DEPRECATED', 'WITHDRAWN']);

/**
 * A product is publicly served while approved, and also while a revision of a published passport is being
 * drafted or reviewed: the public keeps seeing the last published version until the revision is approved.
 */
export function isPubliclyServed(p: { state: ProductState; version: number }): boolean {
  return p.state === 'APPROVED' || ((p.state === 'DRAFT' || p.state === 'SUBMITTED') && p.version > 0);
}
