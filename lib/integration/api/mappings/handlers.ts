import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import type { DomainContext } from '../../../domain/context';
import { decodeKeyedCursor, encodeCursor } from '../../../domain/cursor';
import { lintMapping } from '../../../erp/mappings/lint-mapping';
import { listMappings } from '../../../erp/mappings/list-mappings';
import { mappingView } from '../../../erp/mappings/view';
import type { MappingColumn } from '../../../erp/types';
import { ServiceError } from '../../../errors';
import type { ResponseOf } from '../../endpoint';
import { loadStoredSchema } from '../catalog/reference';
import type { lintMappingEndpoint, listErpMappingsEndpoint } from './endpoints';

type ListQuery = z.output<NonNullable<typeof listErpMappingsEndpoint.query>>;
type LintInput = z.output<Exclude<typeof lintMappingEndpoint.body, string | undefined>>;

/** The cursor is the last mapping's (name, id). */
function positionOf(cursor: string | undefined) {
  if (!cursor) return undefined;
  const { key: name, id } = decodeKeyedCursor(cursor);
  return { name, id };
}

export async function listMappingsPage(
  db: Db | Tx,
  ctx: DomainContext,
  query: ListQuery,
): Promise<ResponseOf<typeof listErpMappingsEndpoint>> {
  const { items, next } = await listMappings({
    ctx,
    db,
    query: { categoryCode: query.category, after: positionOf(query.cursor), limit: query.limit },
  });
  return { data: items.map(mappingView), nextCursor: next ? encodeCursor([next.name, next.id]) : null };
}

/** An unknown category or schema version is a mistake in the body, as on creation: 400 VALIDATION_ERROR. */
async function schemaFor(db: Db | Tx, code: string, version: number | undefined) {
  try {
    return (await loadStoredSchema(db, code, version)).schema;
  } catch (error) {
    if (!(error instanceof ServiceError) || error.code !== 'NOT_FOUND') throw error;
    const path = /version/.test(error.message) ? 'schemaVersion' : 'categoryCode';
    throw new ServiceError('VALIDATION_ERROR', error.message, {
      details: { issues: [{ path, code: 'not_found', message: error.message }] },
    });
  }
}

export async function lintReport(
  db: Db | Tx,
  ctx: DomainContext,
  body: LintInput,
): Promise<ResponseOf<typeof lintMappingEndpoint>> {
  const schema = await schemaFor(db, body.categoryCode, body.schemaVersion);
  return lintMapping(db, ctx, schema, { ...body, mapping: body.mapping as MappingColumn[] | undefined });
}
