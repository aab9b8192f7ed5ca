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

export interface MappingView {
  id: string;
  name: string;
  categoryCode: string;
  columns: MappingColumn[];
  createdAt: string;
  updatedAt: string;
}

/** The API form of a stored mapping; columns were validated when written, so they are read as stored. */
export const mappingView = (row: MappingRow): MappingView => ({
  id: row.id,
  name: row.name,
  categoryCode: row.category.code,
  columns: row.columns as MappingColumn[],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
