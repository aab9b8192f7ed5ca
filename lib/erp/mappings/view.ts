import type { MappingColumn } from '../types';

export const MAPPING_INCLUDE = { category: { select: { code: true } } } as const;

export interface MappingRow {
  id: string;
  name: string;
  columns: unknown;
  createdAt: Date;
  updatedAt: Date;
  category: { code: string };
}

/**
 * The API form of a stored mapping; columns were validated when written, so they are read as stored. No interface
 * repeats its shape: the Integration API's MappingSchema describes it, and lib/integration/api/views.test.ts checks
 * that the two agree.
 */
export const mappingView = (row: MappingRow) => ({
  id: row.id,
  name: row.name,
  categoryCode: row.category.code,
  columns: row.columns as MappingColumn[],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
