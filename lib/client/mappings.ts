// ERP mappings: named ERP column → field id maps with per-column transforms, and the lint that checks an export.
// Types come from the generated openapi-types.ts, never from the server's modules.
import type { QueryOf, RequestBody, ResponseBody, Schema } from './api-types';
import { apiPath, type Transport, type WriteOptions } from './http';

export type ErpMapping = Schema<'ErpMapping'>;
export type ErpMappingPage = ResponseBody<'listErpMappings'>;
/** A column as the client sends it. */
export type ErpMappingColumn = CreateErpMappingBody['columns'][number];
export type ListErpMappingsQuery = QueryOf<'listErpMappings'>;
export type CreateErpMappingBody = RequestBody<'createErpMapping'>;
export type UpdateErpMappingBody = RequestBody<'updateErpMapping'>;
export type LintMappingBody = RequestBody<'lintMapping'>;
export type LintMappingReport = ResponseBody<'lintMapping'>;

export function mappingsApi(transport: Transport) {
  const { call } = transport;
  return {
    listErpMappings: (query: ListErpMappingsQuery = {}) =>
      call<ErpMappingPage>('GET', '/api/v1/erp-mappings', { query: { ...query } }),
    createErpMapping: (body: CreateErpMappingBody, opts: WriteOptions = {}) =>
      call<ErpMapping>('POST', '/api/v1/erp-mappings', { ...opts, body }),
    updateErpMapping: (id: string, body: UpdateErpMappingBody, opts: WriteOptions = {}) =>
      call<ErpMapping>('PATCH', apiPath`/api/v1/erp-mappings/${id}`, { ...opts, body }),
    deleteErpMapping: async (id: string, opts: WriteOptions = {}): Promise<void> => {
      await call('DELETE', apiPath`/api/v1/erp-mappings/${id}`, opts);
    },
    /** Changes nothing; a POST only because it carries a body. */
    lintMapping: (body: LintMappingBody, opts: WriteOptions = {}) =>
      call<LintMappingReport>('POST', '/api/v1/mappings/lint', { ...opts, body }),
  };
}
