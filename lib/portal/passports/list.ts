import { type Db, prisma, type Tx } from '../../db/client';
import { Prisma } from '../../db/generated/client';
import type { ProductState, RegistrationStatus } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { PUBLIC_STATE } from '../../passport/states';
import { REGISTRY_STATE, REGISTRY_STATES, type RegistryState } from '../../registry/status';
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
const REGISTRATION_STATUS_OF = Object.fromEntries(
  Object.entries(REGISTRY_STATE).map(([status, name]) => [name, status]),
) as Partial<Record<RegistryState, RegistrationStatus>>;

export interface PassportListQuery {
  search?: string;
  state?: PublicStateName;
  category?: BatteryCategory;
  mode?: 'live' | 'test';
  /** The EU registry registration's state; `not_registered`: no registration row (never published, or sandbox). */
  registry?: RegistryState;
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
  registry: RegistryState;
  /** The registry's last refusal or the last failed attempt's error; null once a registration is accepted. */
  registryError: string | null;
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
    registry: oneOf(one(params.registry), REGISTRY_STATES),
    cursor: one(params.cursor),
  };
}

// A typed % or _ must match itself, not act as a LIKE wildcard (backslash is PostgreSQL's default LIKE escape).
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searched(search: string): Prisma.Sql {
  const pattern = `%${literal(search)}%`;
  const columns = ['name', 'slug', 'gtin', 'serialNumber', 'batchNumber'].map(
    (column) => Prisma.sql`p.${Prisma.raw(`"${column}"`)} ILIKE ${pattern}`,
  );
  return Prisma.sql`(${Prisma.join(columns, ' OR ')})`;
}

function registered(state: RegistryState): Prisma.Sql {
  const status = REGISTRATION_STATUS_OF[state];
  return status ? Prisma.sql`r."status" = ${status}::"RegistrationStatus"` : Prisma.sql`r."productId" IS NULL`;
}

const dbMode = (mode: 'live' | 'test') => (mode === 'test' ? 'TEST' : 'LIVE');

function conditions(ctx: DomainContext, query: PassportListQuery): Prisma.Sql {
  const after = readCursor(query.cursor);
  const where = [
    Prisma.sql`p."companyId" = ${ctx.companyId}::uuid`,
    ctx.mode && Prisma.sql`p."mode" = ${ctx.mode}::"Mode"`,
    query.mode && Prisma.sql`p."mode" = ${dbMode(query.mode)}::"Mode"`,
    query.state && Prisma.sql`p."state" = ${STATE_OF[query.state]}::"ProductState"`,
    query.category && Prisma.sql`c."code" = ${query.category}`,
    query.registry && registered(query.registry),
    query.search && searched(query.search),
    after && Prisma.sql`(p."updatedAt", p."id") < (${after.at}::timestamp(3), ${after.id}::uuid)`,
  ].filter((c): c is Prisma.Sql => Boolean(c));
  return Prisma.join(where, ' AND ');
}

interface Row {
  id: string;
  name: string;
  category: string;
  state: ProductState;
  mode: 'LIVE' | 'TEST';
  version: number;
  updatedAt: Date;
  registrationStatus: RegistrationStatus | null;
  lastError: string | null;
}

/**
 * One page of the operator's company's passports, most recently changed first (updatedAt, then id, both
 * descending), searched by name, slug, GTIN, serial or batch number and filtered by state, category, mode and EU
 * registry state: one statement, the category and the registration joined in.
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
  const rows = await db.$queryRaw<Row[]>`
    SELECT p."id", p."name", c."code" AS "category", p."state"::text AS "state", p."mode"::text AS "mode",
           p."version", p."updatedAt", r."status"::text AS "registrationStatus", r."lastError"
    FROM "Product" p
    JOIN "Category" c ON c."id" = p."categoryId"
    LEFT JOIN "PassportRegistration" r ON r."productId" = p."id"
    WHERE ${conditions(ctx, query)}
    ORDER BY p."updatedAt" DESC, p."id" DESC
    LIMIT ${PASSPORTS_PER_PAGE + 1}`;
  const items: PassportListItem[] = rows.slice(0, PASSPORTS_PER_PAGE).map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    state: PUBLIC_STATE[r.state],
    mode: r.mode === 'TEST' ? 'test' : 'live',
    version: r.version,
    updatedAt: r.updatedAt,
    registry: r.registrationStatus ? REGISTRY_STATE[r.registrationStatus] : 'not_registered',
    registryError: r.lastError,
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > PASSPORTS_PER_PAGE && last ? writeCursor(last.updatedAt, last.id) : null };
}
