import type { Db, Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import type { CategorySchema } from '../../schema/types';
import { type LintReport, lintColumns } from '../lint';
import type { MappingColumn } from '../types';
import { findMappingOrThrow, invalid, requireValidColumns } from './guards';

export interface LintMappingInput {
  columns: string[];
  mappingId?: string;
  mapping?: MappingColumn[];
  sampleRows?: string[][];
}

/**
 * Lints a header row against `schema` with a stored mapping (the company's, of the same category), an inline
 * one (refused like a stored one would be if it does not fit the schema), or none.
 */
export async function lintMapping(
  db: Db | Tx,
  ctx: DomainContext,
  schema: CategorySchema,
  input: LintMappingInput,
): Promise<LintReport> {
  let mapping: MappingColumn[] | null = input.mapping ?? null;
  if (input.mapping) requireValidColumns(schema, input.mapping, 'mapping');
  if (input.mappingId) {
    const stored = await findMappingOrThrow(db, ctx, input.mappingId);
    if (stored.category.code !== schema.category) {
      throw invalid(
        'mappingId',
        'category_mismatch',
        `The mapping is for ${stored.category.code}, not ${schema.category}.`,
      );
    }
    mapping = stored.columns as MappingColumn[];
  }
  return lintColumns(schema, { columns: input.columns, mapping, sampleRows: input.sampleRows });
}
