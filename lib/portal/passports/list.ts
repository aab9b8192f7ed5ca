import { type Db, prisma, type Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { ProductState } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { PUBLIC_STATE } from '../../passport/states';
import { BATTERY_CATEGORIES, type BatteryCategory } from '../../schema/types';
import { readCursor, writeCursor } from './cursor';

export const PASSPORTS_PER_PAGE = 25;
const MAX_SEARCH_LENGTH = 100;

export type PublicStateName = (typeof PUBLIC_STATE)[ProductState];
export const PUBLIC_STATE_NAMES = Object.values(PUBLIC_STATE);
const STATE_OF = Object.fromEntries(Object.entries(PUBLIC_STATE).map(([state, name]) => [name, state])) as Record<
  PublicStateName,
  ProductState
>;

export interface PassportListQuery {
  search?: string;
  state?: PublicStateName;
  category?: BatteryCategory;
  mode?: 'live' | 'test';
  cursor?: string;
}

export interface PassportListItem {
  id: string;
  name: string;
  category: string;
  state: PublicStateName;
  mode: 'live' | 'test';
  version: number;
  updatedAt: Date;
}

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
const oneOf = <T extends string>(v: string | undefined, allowed: readonly T[]) =>
  (allowed as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

/** The list's filters from a URL; a value outside the known ones is ignored rather than refused. */
export function passportListQuery(params: Params): PassportListQuery {
  return {
    search: one(params.q)?.slice(0, MAX_SEARCH_LENGTH),
    state: oneOf(one(params.state), PUBLIC_STATE_NAMES),
    category: oneOf(one(params.category), BATTERY_CATEGORIES),
    mode: oneOf(one(params.mode), ['live', 'test'] as const),
    cursor: one(params.cursor),
  };
}

// Prisma passes `contains` to LIKE unescaped: a typed % or _ must match itself, not act as a wildcard.
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(ctx: DomainContext, query: PassportListQuery): Prisma.ProductWhereInput {
  const text = query.search ? { contains: literal(query.search), mode: 'insensitive' as const } : undefined;
  return {
    companyId: ctx.companyId,
    ...(ctx.mode ? { mode: ctx.mode } : {}),
    ...(query.mode ? { mode: query.mode === 'test' ? 'TEST' : 'LIVE' } : {}),
    ...(query.state ? { state: STATE_OF[query.state] } : {}),
    ...(query.category ? { category: { code: query.category } } : {}),
    ...(text
      ? { OR: [{ name: text }, { slug: text }, { gtin: text }, { serialNumber: text }, { batchNumber: text }] }
      : {}),
  };
}

/**
 * One page of the operator's company's passports, most recently changed first (updatedAt, then id, both
 * descending), searched by name, slug, GTIN, serial or batch number and filtered by state, category and mode.
 */
export async function listPassports({
  ctx,
  query,
  db = prisma,
}: {
  ctx: DomainContext;
  query: PassportListQuery;
  db?: Db | Tx;
}) {
  const after = readCursor(query.cursor);
  const page = after ? { OR: [{ updatedAt: { lt: after.at } }, { updatedAt: after.at, id: { lt: after.id } }] } : {};
  const rows = await db.product.findMany({
    where: { AND: [filters(ctx, query), page] },
    select: {
      id: true,
      name: true,
      state: true,
      mode: true,
      version: true,
      updatedAt: true,
      category: { select: { code: true } },
    },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: PASSPORTS_PER_PAGE + 1,
  });
  const items: PassportListItem[] = rows.slice(0, PASSPORTS_PER_PAGE).map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category.code,
    state: PUBLIC_STATE[r.state],
    mode: r.mode === 'TEST' ? 'test' : 'live',
    version: r.version,
    updatedAt: r.updatedAt,
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > PASSPORTS_PER_PAGE && last ? writeCursor(last.updatedAt, last.id) : null };
}
