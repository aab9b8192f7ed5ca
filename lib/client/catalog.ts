// Discovery calls of the integrator client: the key itself, industries, categories, field schemas, ERP templates,
// suppliers, health and the OpenAPI document. Types are written from the contract, not imported from the server.
import type { Transport } from './http';

export type FieldType =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'enum'
  | 'multi_enum'
  | 'url'
  | 'country'
  | 'array';
export type AccessTier = 'public' | 'legitimate_interest' | 'authority';

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export interface KeyMeta {
  key: {
    id: string;
    name: string;
    displayPrefix?: string;
    mode: 'live' | 'test';
    scopes: string[];
    allowedCidrs: string[];
    expiresAt: string | null;
    createdAt: string;
  };
  limits: {
    requestsPerMinute: number;
    idempotencyHours: number;
    signatureWindow: { pastSeconds: number; futureSeconds: number };
  };
  constants: {
    fieldErrorCodes: string[];
    states: { public: string[]; api: string[]; mapping: Record<string, string> };
    scopes: { name: string; description: string }[];
    errorCodes?: { code: string; status: number; retryable: boolean }[];
  };
}

export interface Industry {
  id: string;
  code: string;
  name: string;
  description: string | null;
  categories: string[];
}

export interface Category {
  id: string;
  code: string;
  name: string;
  description: string | null;
  industry: string;
  currentSchemaVersion: number;
  schemaVersions: number[];
  passportRequired: boolean | null;
  regulationScope: string | null;
}

export interface SchemaField {
  id: string;
  label: string;
  type: FieldType;
  unit: string | null;
  mandated: boolean;
  min: number | null;
  max: number | null;
  maxLength: number | null;
  pattern: string | null;
  options: { value: string; label: string }[] | null;
  access: AccessTier;
  group: string;
  dynamic: boolean;
  example: unknown;
  reference: { batteryPass: number[]; regulation: string };
  description?: string;
  items?: SchemaField[];
}

export interface CategoryFieldSchema {
  category: string;
  version: number;
  currentVersion: number;
  attribution: string;
  fields: SchemaField[];
}

export interface SchemaDiff {
  category: string;
  from: number;
  to: number;
  added: SchemaField[];
  removed: SchemaField[];
  changed: { id: string; changes: Record<string, { from: unknown; to: unknown }> }[];
}

export interface ErpTemplate {
  category: string;
  schemaVersion: number;
  columns: {
    column: string;
    fieldId: string;
    label: string;
    type: FieldType;
    unit: string | null;
    mandated: boolean;
    example: unknown;
  }[];
}

export interface Supplier {
  id: string;
  name: string;
  country: string | null;
  identifier: string | null;
  contactEmail?: string | null;
  owned: boolean;
}

export interface Health {
  status: 'healthy' | 'degraded';
  timestamp: string;
  build?: string;
  services?: Record<string, 'ok' | 'error'>;
}

const category = (code: string) => `/api/v1/categories/${encodeURIComponent(code)}`;

export function catalogApi(transport: Transport) {
  return {
    /** The calling key's own grants, its limits and the API's public constants (any valid key). */
    meta: () => transport.call<KeyMeta>('GET', '/api/v1/meta'),
    industries: () => transport.call<Page<Industry>>('GET', '/api/v1/industries'),
    categories: () => transport.call<Page<Category>>('GET', '/api/v1/categories'),
    categorySchema: (code: string, { version }: { version?: number } = {}) =>
      transport.call<CategoryFieldSchema>('GET', `${category(code)}/schema`, { query: { version } }),
    categoryDiff: (code: string, { from, to }: { from: number; to: number }) =>
      transport.call<SchemaDiff>('GET', `${category(code)}/diff`, { query: { from, to } }),
    erpTemplate: (code: string) =>
      transport.call<ErpTemplate>('GET', `${category(code)}/erp-template`, { query: { format: 'json' } }),
    /** The same template as RFC 4180 CSV text: a header row of field ids and one example row. */
    erpTemplateCsv: (code: string) =>
      transport.call<string>('GET', `${category(code)}/erp-template`, {
        query: { format: 'csv' },
        headers: { Accept: 'text/csv' },
      }),
    suppliers: ({ limit, cursor }: { limit?: number; cursor?: string } = {}) =>
      transport.call<Page<Supplier>>('GET', '/api/v1/suppliers', { query: { limit, cursor } }),
    /** The OpenAPI 3.1 document (needs no credentials). */
    openapi: () => transport.call<Record<string, any>>('GET', '/api/v1/openapi.json'),
    health: () => transport.call<Health>('GET', '/api/v1/health'),
  };
}
