import type { ProductState } from '../../db/generated/enums';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface TraceabilityEntryView {
  id: string;
  supplier: { id: string; name: string } | null;
  stage: string;
  material: string | null;
  country: string | null;
  description: string | null;
  documentUrl: string | null;
  occurredAt: string | null;
  createdAt: string;
}

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
}): TraceabilityEntryView {
  return {
    id: row.id,
    supplier: row.supplier ? { id: row.supplier.id, name: row.supplier.name } : null,
    stage: row.stage,
    material: row.material,
    country: row.country,
    description: row.description,
    documentUrl: row.documentUrl,
    occurredAt: iso(row.occurredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ComponentView {
  id: string;
  child: { id: string; name: string; slug: string; state: ProductState };
  quantity: number;
  role: string | null;
  createdAt: string;
}

export function componentView(row: {
  id: string;
  quantity: number;
  role: string | null;
  createdAt: Date;
  child: { id: string; name: string; slug: string; state: ProductState };
}): ComponentView {
  return {
    id: row.id,
    child: { id: row.child.id, name: row.child.name, slug: row.child.slug, state: row.child.state },
    quantity: row.quantity,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface Gs1PrefixView {
  id: string;
  prefix: string;
  createdAt: string;
}

export const gs1PrefixView = (row: { id: string; prefix: string; createdAt: Date }): Gs1PrefixView => ({
  id: row.id,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
});

export const componentChildSelect = { select: { id: true, name: true, slug: true, state: true } } as const;
export const supplierSelect = { select: { id: true, name: true } } as const;
