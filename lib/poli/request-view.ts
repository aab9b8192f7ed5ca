import type { PoliGrant, PoliRequest, Prisma } from '../db/generated/client';
import { iso } from '../domain/iso';
import { roleInfo } from './roles';

/** What a view reads besides the request itself: its passport's name and slug, and its grants. */
export const REQUEST_VIEW_INCLUDE = {
  product: { select: { name: true, slug: true } },
  grants: true,
} as const satisfies Prisma.PoliRequestInclude;

type Row = PoliRequest & { product: { name: string; slug: string }; grants: PoliGrant[] };

/** A request as the portal shows it: no token hashes, times as ISO strings, each grant with whether it still works. */
export function poliRequestView(row: Row, now = new Date()) {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.product.name,
    productSlug: row.product.slug,
    email: row.email,
    name: row.name,
    organisation: row.organisation,
    role: row.role,
    roleLabel: roleInfo(row.role).label,
    tier: row.tier,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    verifiedAt: iso(row.verifiedAt),
    decidedAt: iso(row.decidedAt),
    decidedByUserId: row.decidedByUserId,
    rejectionReason: row.rejectionReason,
    accessLink: row.accessTokenExpiresAt
      ? { expiresAt: row.accessTokenExpiresAt.toISOString(), usedAt: iso(row.accessTokenUsedAt) }
      : null,
    grants: row.grants
      .slice()
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((g) => ({
        id: g.id,
        tier: g.tier,
        createdAt: g.createdAt.toISOString(),
        expiresAt: g.expiresAt.toISOString(),
        revokedAt: iso(g.revokedAt),
        lastSeenAt: iso(g.lastSeenAt),
        active: g.revokedAt === null && g.expiresAt > now,
      })),
  };
}

export type PoliRequestView = ReturnType<typeof poliRequestView>;
