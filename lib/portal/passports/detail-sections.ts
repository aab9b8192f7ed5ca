import type { Db, Tx } from '../../db/client';
import { listDocuments } from '../../documents/list';
import type { DomainContext } from '../../domain/context';
import { encodeAfter, type Page } from '../../domain/keyset';
import { ServiceError } from '../../errors';
import { listComponents } from '../../passport/relations/list-components';
import { listTraceability } from '../../passport/relations/list-traceability';
import { positionFrom } from '../admin/cursor';

/** Lists of the passport page that page on their own, each with the cursor of its URL parameter. */
export const SECTION_PAGE_SIZE = 25;

export interface SectionPages {
  documents?: string;
  components?: string;
  traceability?: string;
  versions?: string;
}

export interface SectionPage<T> {
  items: T[];
  nextCursor: string | null;
}

const asSection = <T>(page: Page<T>): SectionPage<T> => ({ items: page.items, nextCursor: encodeAfter(page.next) });

/** A page of documents, or null when the company's plan has no documents module (the page says so). */
export async function documentsPage(db: Db | Tx, ctx: DomainContext, productId: string, cursor: string | undefined) {
  const read = (c: string | undefined) => listDocuments(db, ctx, productId, { limit: SECTION_PAGE_SIZE, cursor: c });
  try {
    const page = await read(cursor).catch((error: unknown) => {
      // A cursor never handed out starts again at the first page, as every portal list does.
      if (error instanceof ServiceError && error.code === 'VALIDATION_ERROR' && cursor) return read(undefined);
      throw error;
    });
    return { items: page.data, nextCursor: page.nextCursor };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'FORBIDDEN_MODULE') return null;
    throw error;
  }
}

export async function componentsPage(db: Db | Tx, ctx: DomainContext, productId: string, cursor: string | undefined) {
  const input = { productId, limit: SECTION_PAGE_SIZE, after: positionFrom(cursor) };
  return asSection(await listComponents({ ctx, db, input }));
}

export async function traceabilityPage(db: Db | Tx, ctx: DomainContext, productId: string, cursor: string | undefined) {
  const input = { productId, limit: SECTION_PAGE_SIZE, after: positionFrom(cursor) };
  return asSection(await listTraceability({ ctx, db, input }));
}

/** Published versions, newest first, paged by version number; the snapshot bytes themselves are not read. */
export async function versionsPage(db: Db | Tx, productId: string, cursor: string | undefined) {
  const before = /^[1-9]\d{0,8}$/.test(cursor ?? '') ? Number(cursor) : undefined;
  const rows = await db.passportVersion.findMany({
    where: { productId, ...(before ? { version: { lt: before } } : {}) },
    select: { version: true, publishedAt: true, sha256: true, byteLength: true, schemaVersion: true },
    orderBy: { version: 'desc' },
    take: SECTION_PAGE_SIZE + 1,
  });
  const items = rows.slice(0, SECTION_PAGE_SIZE);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > SECTION_PAGE_SIZE && last ? String(last.version) : null };
}
