// Traceability, components and GS1 company prefixes, typed from the contract alone (no server imports).
import type { Transport } from './http';

export type TraceabilityStage =
  | 'raw_material_extraction'
  | 'refining'
  | 'active_material_production'
  | 'cell_manufacturing'
  | 'module_assembly'
  | 'pack_assembly'
  | 'transport'
  | 'recycling'
  | 'other';

export interface TraceabilityEntryInput {
  supplierId?: string | null;
  stage: TraceabilityStage;
  material?: string | null;
  /** ISO 3166-1 alpha-2, capitals. */
  country?: string | null;
  description?: string | null;
  /** Absolute http(s) URL. */
  documentUrl?: string | null;
  /** `YYYY-MM-DD` or an RFC 3339 date-time. */
  occurredAt?: string | null;
}

export interface TraceabilityEntry {
  id: string;
  supplier: { id: string; name: string } | null;
  stage: TraceabilityStage;
  material: string | null;
  country: string | null;
  description: string | null;
  documentUrl: string | null;
  occurredAt: string | null;
  createdAt: string;
}

export interface ComponentInput {
  childId: string;
  /** Integer ≥ 1; default 1. */
  quantity?: number;
  role?: string | null;
}

export interface Component {
  id: string;
  child: {
    id: string;
    name: string;
    slug: string;
    state: 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'WITHDRAWN' | 'DEPRECATED';
  };
  quantity: number;
  role: string | null;
  createdAt: string;
}

export interface Gs1Prefix {
  id: string;
  prefix: string;
  createdAt: string;
}

export interface ListPage<T> {
  data: T[];
  nextCursor: string | null;
}

export interface PageOptions {
  limit?: number;
  cursor?: string;
}

const productPath = (productId: string, what: string) => `/api/v1/products/${encodeURIComponent(productId)}/${what}`;
const GS1_PREFIXES = '/api/v1/companies/me/gs1-prefixes';

export function relationsApi(transport: Transport) {
  const { call } = transport;
  const query = (page: PageOptions = {}) => ({ limit: page.limit, cursor: page.cursor });
  return {
    listTraceability: (productId: string, page?: PageOptions) =>
      call<ListPage<TraceabilityEntry>>('GET', productPath(productId, 'traceability'), { query: query(page) }),
    addTraceability: (productId: string, body: TraceabilityEntryInput) =>
      call<TraceabilityEntry>('POST', productPath(productId, 'traceability'), { body }),
    listComponents: (productId: string, page?: PageOptions) =>
      call<ListPage<Component>>('GET', productPath(productId, 'components'), { query: query(page) }),
    /** 201 for a new component; re-adding the same child updates its quantity and role (200). */
    addComponent: (productId: string, body: ComponentInput) =>
      call<Component>('POST', productPath(productId, 'components'), { body }),
    listGs1Prefixes: (page?: PageOptions) => call<ListPage<Gs1Prefix>>('GET', GS1_PREFIXES, { query: query(page) }),
    /** Registering a prefix the company already holds answers the existing registration. */
    addGs1Prefix: (prefix: string) => call<Gs1Prefix>('POST', GS1_PREFIXES, { body: { prefix } }),
  };
}
