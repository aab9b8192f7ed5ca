import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../ids';
import { cyclicGroups } from './graph-cycles';

/** Direct components one product may have; the contract leaves the number open (docs/decisions.md). */
export const MAX_COMPONENTS = 200;

/**
 * Serialises component writes of one company for the rest of the transaction: two inserts checked at once
 * could otherwise each see no cycle and together close one (A→B beside B→A).
 */
export async function lockComponentGraph(tx: Tx, companyId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`bps:component-graph:${companyId}`}, 0))`;
}

/** Whether `ancestorId` is among the components of `productId`, at any depth: one recursive query. */
export async function containsTransitively(db: Db | Tx, productId: string, ancestorId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ found: boolean }[]>`
    WITH RECURSIVE below("id") AS (
      SELECT "childId" FROM "ComponentLink" WHERE "parentId" = ${productId}::uuid
      UNION
      SELECT l."childId" FROM "ComponentLink" l JOIN below b ON l."parentId" = b."id"
    )
    SELECT EXISTS (SELECT 1 FROM below WHERE "id" = ${ancestorId}::uuid) AS "found"`;
  return row?.found === true;
}

interface ReachedLink {
  parentId: string;
  childId: string;
  parentName: string;
  childName: string;
  childCompanyId: string;
  childMode: string;
  childState: string;
}

/** Every link reachable from the product, expanding only the company's own products. */
function reachableLinks(db: Db | Tx, companyId: string, productId: string) {
  return db.$queryRaw<ReachedLink[]>`
    WITH RECURSIVE reach("parentId", "childId") AS (
      SELECT "parentId", "childId" FROM "ComponentLink" WHERE "parentId" = ${productId}::uuid
      UNION
      SELECT l."parentId", l."childId" FROM "ComponentLink" l
        JOIN reach r ON l."parentId" = r."childId"
        JOIN "Product" own ON own."id" = r."childId" AND own."companyId" = ${companyId}::uuid
    )
    SELECT r."parentId"::text AS "parentId", r."childId"::text AS "childId", p."name" AS "parentName",
           c."name" AS "childName", c."companyId"::text AS "childCompanyId", c."mode"::text AS "childMode",
           c."state"::text AS "childState"
    FROM reach r JOIN "Product" p ON p."id" = r."parentId" JOIN "Product" c ON c."id" = r."childId"
    ORDER BY p."name", c."name"`;
}

/**
 * The problems of a product's component graph, for the publication gate: each a short sentence; an empty list
 * means the graph is sound. Checks cycles reachable from the product, components of another company or mode,
 * products with more than MAX_COMPONENTS direct components, and withdrawn components.
 */
export async function componentGraphProblems(db: Db | Tx, companyId: string, productId: string): Promise<string[]> {
  if (!isUuid(productId) || !isUuid(companyId)) return [];
  const root = await db.product.findFirst({ where: { id: productId, companyId }, select: { mode: true } });
  if (!root) return [];
  const links = await reachableLinks(db, companyId, productId);
  const names = new Map<string, string>();
  const direct = new Map<string, number>();
  for (const l of links) {
    names.set(l.parentId, l.parentName);
    direct.set(l.parentId, (direct.get(l.parentId) ?? 0) + 1);
  }
  const problems: string[] = [];
  for (const group of cyclicGroups(links.map((l) => [l.parentId, l.childId] as const))) {
    const who = group.map((id) => `"${names.get(id) ?? id}"`).join(', ');
    problems.push(
      group.length === 1
        ? `${who} contains itself as a component.`
        : `${who} contain each other: the component graph has a cycle.`,
    );
  }
  for (const l of links) {
    const of = `of "${l.parentName}"`;
    if (l.childCompanyId !== companyId) problems.push(`Component ${l.childId} ${of} belongs to another company.`);
    else if (l.childMode !== root.mode)
      problems.push(
        `Component "${l.childName}" ${of} is a ${l.childMode.toLowerCase()}-mode product; this passport is ${root.mode.toLowerCase()}.`,
      );
    else if (l.childState === 'WITHDRAWN') problems.push(`Component "${l.childName}" ${of} is withdrawn.`);
  }
  for (const [parentId, count] of direct) {
    if (count > MAX_COMPONENTS)
      problems.push(`"${names.get(parentId)}" has ${count} direct components; at most ${MAX_COMPONENTS} are allowed.`);
  }
  return problems;
}
