import type { Prisma } from '../db/generated/client';
import { iso } from '../domain/iso';
import type { SubjectRows } from './collect';

/** The export format version: bumped when a member changes meaning or disappears (additions keep it). */
export const GDPR_EXPORT_FORMAT = 'battery-passport-gdpr-export/1';

/** What the tenant holds about the address, in the API's words; secrets (token and password hashes) left out. */
export function subjectDataView(email: string, rows: SubjectRows, generatedAt: Date) {
  return {
    subject: { email },
    generatedAt: generatedAt.toISOString(),
    poliRequests: rows.poliRequests.map((r) => ({
      id: r.id,
      productId: r.productId,
      email: r.email,
      name: r.name,
      organisation: r.organisation,
      role: r.role,
      tier: r.tier,
      status: r.status,
      createdAt: iso(r.createdAt),
      verifiedAt: iso(r.verifiedAt),
      decidedAt: iso(r.decidedAt),
      rejectionReason: r.rejectionReason,
      accessTokenExpiresAt: iso(r.accessTokenExpiresAt),
      accessTokenUsedAt: iso(r.accessTokenUsedAt),
    })),
    poliGrants: rows.poliGrants.map((g) => ({
      id: g.id,
      requestId: g.requestId,
      productId: g.productId,
      tier: g.tier,
      createdAt: iso(g.createdAt),
      expiresAt: iso(g.expiresAt),
      revokedAt: iso(g.revokedAt),
      lastSeenAt: iso(g.lastSeenAt),
    })),
    operatorAccounts: rows.operatorAccounts.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      createdAt: iso(u.createdAt),
      disabledAt: iso(u.disabledAt),
      lastLoginAt: iso(u.lastLoginAt),
    })),
    emails: rows.emails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      status: m.status,
      createdAt: iso(m.createdAt),
      sentAt: iso(m.sentAt),
    })),
    auditEntries: rows.auditEntries.map((a) => ({
      id: a.id,
      eventType: a.eventType,
      actorRole: a.actorRole,
      actorId: a.actorId,
      channel: a.eventChannel,
      productId: a.productId,
      context: a.eventContext as Prisma.JsonObject,
      createdAt: iso(a.createdAt),
    })),
  };
}

/** Counts for the request's own record: how much was found, never what. */
export const countsOf = (rows: SubjectRows) => ({
  poliRequests: rows.poliRequests.length,
  poliGrants: rows.poliGrants.length,
  operatorAccounts: rows.operatorAccounts.length,
  emails: rows.emails.length,
  auditEntries: rows.auditEntries.length,
});
