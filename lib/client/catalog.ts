// Discovery calls of the integrator client: the key itself, industries, categories, field schemas, ERP templates,
// suppliers, health and the OpenAPI document. Types come from the generated openapi-types.ts, not from the server.
import type { Page, QueryOf, ResponseBody, Schema } from './api-types';
import { apiPath, type Transport } from './http';

export type { Page };
export type KeyMeta = ResponseBody<'getMeta'>;
export type Industry = Schema<'Industry'>;
export type Category = Schema<'Category'>;
export type SchemaField = Schema<'SchemaField'>;
export type CategoryFieldSchema = ResponseBody<'getCategorySchema'>;
export type SchemaDiff = ResponseBody<'getCategorySchemaDiff'>;
export type ErpTemplate = ResponseBody<'getErpTemplate'>;
export type Supplier = Schema<'Supplier'>;
export type Health = Schema<'Health'>;

export function catalogApi(transport: Transport) {
  return {
    /** The calling key's own grants, its limits and the API's public constants (any valid key). */
    meta: () => transport.call<KeyMeta>('GET', '/api/v1/meta'),
    industries: () => transport.call<Page<Industry>>('GET', '/api/v1/industries'),
    categories: () => transport.call<Page<Category>>('GET', '/api/v1/categories'),
    categorySchema: (code: string, { version }: { version?: number } = {}) =>
      transport.call<CategoryFieldSchema>('GET', apiPath`/api/v1/categories/${code}/schema`, { query: { version } }),
    categoryDiff: (code: string, { from, to }: { from: number; to: number }) =>
      transport.call<SchemaDiff>('GET', apiPath`/api/v1/categories/${code}/diff`, { query: { from, to } }),
    erpTemplate: (code: string) =>
      transport.call<ErpTemplate>('GET', apiPath`/api/v1/categories/${code}/erp-template`, {
        query: { format: 'json' },
      }),
    /** The same template as RFC 4180 CSV text: a header row of field ids and one example row. */
    erpTemplateCsv: (code: string) =>
      transport.call<string>('GET', apiPath`/api/v1/categories/${code}/erp-template`, {
        query: { format: 'csv' },
        headers: { Accept: 'text/csv' },
      }),
    suppliers: ({ limit, cursor }: QueryOf<'listSuppliers'> = {}) =>
      transport.call<Page<Supplier>>('GET', '/api/v1/suppliers', { query: { limit, cursor } }),
    /** The OpenAPI 3.1 document (needs no credentials). */
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON an integrator reads freely
    openapi: () => transport.call<Record<string, any>>('GET', '/api/v1/openapi.json'),
    health: () => transport.call<Health>('GET', '/api/v1/health'),
  };
}
