import { prisma } from '../../db/client';
import { sameJson } from '../../schema/diff';
import { isPublic } from '../../schema/public-fields';
import type { CategorySchema } from '../../schema/types';
import { verifiedSnapshot } from './lookup';

/** How many of the newest versions the viewer says "what changed" for (older ones list without it). */
export const CHANGES_SHOWN = 20;

/**
 * What each of a passport's newest published versions changed against the one before: the public fields (of
 * `schema`, the served version's) whose value differs between the two snapshots. Restricted fields are never named:
 * that one changed is itself restricted information. Version 1 has no entry. A snapshot whose bytes no longer match
 * their hash fails the read, as every public read does.
 */
export async function publicVersionChanges(
  productId: string,
  newest: number,
  schema: CategorySchema,
): Promise<Map<number, string[]>> {
  const from = Math.max(1, newest - CHANGES_SHOWN);
  const rows = await prisma.passportVersion.findMany({
    where: { productId, version: { gte: from, lte: newest } },
    select: { version: true, snapshot: true, sha256: true, byteLength: true },
    orderBy: { version: 'asc' },
  });
  const publicIds = schema.fields.filter(isPublic).map((f) => f.id);
  const changes = new Map<number, string[]>();
  let previous: Record<string, unknown> | null = null;
  for (const row of rows) {
    const { fields } = verifiedSnapshot(row).document;
    if (previous) {
      const before = previous;
      changes.set(
        row.version,
        publicIds.filter((id) => !sameJson(before[id] ?? null, fields[id] ?? null)),
      );
    }
    previous = fields;
  }
  return changes;
}
