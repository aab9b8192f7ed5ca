// ERP mappings: named ERP column → field id maps with per-column transforms, and the lint that checks an export.
// Types written from the contract and the OpenAPI document, never imported from the server.
import type { RequestOptions, Transport } from './http';

export type ErpTransform =
  | { type: 'number'; decimalSeparator: ',' | '.'; thousandsSeparator?: '.' | ',' | ' ' | "'" }
  | { type: 'percent'; scale: 'fraction' | 'percent'; decimalSeparator?: ',' | '.' }
  | { type: 'unit'; from: string; to: string; decimalSeparator?: ',' | '.' }
  | { type: 'date'; format: 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'YYYYMMDD' | 'excel-serial' }
  | { type: 'enum'; map: Record<string, string> }
  | { type: 'boolean'; trueWords: string[]; falseWords: string[] }
  | { type: 'trim' }
  | { type: 'none' };

export interface ErpMappingColumn {
  column: string;
  fieldId: string;
  transform?: ErpTransform;
}

export interface ErpMapping {
  id: string;
  name: string;
  categoryCode: string;
  columns: ErpMappingColumn[];
  createdAt: string;
  updatedAt: string;
}

export interface ErpMappingPage {
  data: ErpMapping[];
  nextCursor: string | null;
}

export interface ListErpMappingsQuery {
  category?: string;
  limit?: number;
  cursor?: string;
}

export interface CreateErpMappingBody {
  name: string;
  categoryCode: string;
  columns: ErpMappingColumn[];
}

export interface UpdateErpMappingBody {
  name?: string;
  /** Replaces the stored columns whole. */
  columns?: ErpMappingColumn[];
}

export interface LintMappingBody {
  categoryCode: string;
  schemaVersion?: number;
  columns: string[];
  mappingId?: string;
  mapping?: ErpMappingColumn[];
  sampleRows?: string[][];
}

export type FieldErrorCode =
  | 'REQUIRED_MISSING'
  | 'WRONG_TYPE'
  | 'INVALID_OPTION'
  | 'OUT_OF_RANGE'
  | 'PATTERN_MISMATCH'
  | 'UNKNOWN_FIELD';

export interface LintMappingReport {
  ok: boolean;
  unknownColumns: { column: string; suggestions: string[] }[];
  unmappedMandatedFields: { field_id: string; label: string }[];
  duplicateTargets: { fieldId: string; columns: string[] }[];
  sampleErrors: { row: number; column: string; field_id: string; code: FieldErrorCode; message: string }[];
  sampleErrorsTruncated: boolean;
}

type WriteOptions = Pick<RequestOptions, 'idempotencyKey' | 'headers'>;

const mappingPath = (id: string) => `/api/v1/erp-mappings/${encodeURIComponent(id)}`;

export function mappingsApi(transport: Transport) {
  const { call } = transport;
  return {
    listErpMappings: (query: ListErpMappingsQuery = {}) =>
      call<ErpMappingPage>('GET', '/api/v1/erp-mappings', { query: { ...query } }),
    createErpMapping: (body: CreateErpMappingBody, opts: WriteOptions = {}) =>
      call<ErpMapping>('POST', '/api/v1/erp-mappings', { ...opts, body }),
    updateErpMapping: (id: string, body: UpdateErpMappingBody, opts: WriteOptions = {}) =>
      call<ErpMapping>('PATCH', mappingPath(id), { ...opts, body }),
    deleteErpMapping: async (id: string, opts: WriteOptions = {}): Promise<void> => {
      await call('DELETE', mappingPath(id), opts);
    },
    /** Changes nothing; a POST only because it carries a body. */
    lintMapping: (body: LintMappingBody, opts: WriteOptions = {}) =>
      call<LintMappingReport>('POST', '/api/v1/mappings/lint', { ...opts, body }),
  };
}
