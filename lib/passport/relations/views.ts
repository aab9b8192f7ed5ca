import type { ProductState } from '../../db/generated/enums';
import { iso } from '../../domain/iso';
import type { TraceabilityStage } from './traceability-stages';

// The views' types are what they return (no interface repeats them); the Integration API's zod schemas describe
// the same shapes, and lib/integration/api/views.test.ts checks that they agree.

export function traceabilityEntryView(row: {
  id: string;
  stage: string;
  material: string | null;
  country: string | null;
  description: string | null;
  documentUrl: string | null;
  occurredAt: Date | null;
  createdAt: Date;
  supplier: { id: string; name: string } | null;
}) {
  return {
    id: row.id,
    supplier: row.supplier ? { id: row.supplier.id, name: row.supplier.name } : null,
    // The column is text, but only a TraceabilityStage is ever written (add-traceability-entry.ts).
    stage: row.stage as TraceabilityStage,
    material: row.material,
    country: row.country,
    description: row.description,
    documentUrl: row.documentUrl,
    occurredAt: iso(row.occurredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function componentView(row: {
  id: string;
  quantity: number;
  role: string | null;
  createdAt: Date;
  child: { id: string; name: string; slug: string; state: ProductState };
}) {
  return {
    id: row.id,
    child: { id: row.child.id, name: row.child.name, slug: row.child.slug, state: row.child.state },
    quantity: row.quantity,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

export const gs1PrefixView = (row: { id: string; prefix: string; createdAt: Date }) => ({
  id: row.id,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
});

export const componentChildSelect = { select: { id: true, name: true, slug: true, state: true } } as const;
export const supplierSelect = { select: { id: true, name: true } } as const;
