import { prisma } from '../../db/client';
import type { TenantArgs } from '../../domain/context';
import { requireRole } from '../../passport/transitions/result';

/** Every operator sees the dashboard; the system role lets scripts and tests read it too. */
export const DASHBOARD_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];

export const KEY_EXPIRY_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

export interface Attention {
  /** Passports submitted for review (live and sandbox alike: the review queue shows both). */
  submittedPassports: number;
  /** Access requests whose email is confirmed and that wait for a decision. */
  pendingAccessRequests: number;
  /** Webhook endpoints in a run of failed deliveries, including those the run has disabled. */
  failingWebhooks: number;
  /** Usable keys that expire within the window; a rotated key in its grace period is already being replaced. */
  expiringKeys: number;
  /** Passports whose EU registry registration failed (5 failed attempts in a row, or a refused record). */
  failedRegistrations: number;
  /** Passports whose registration is pending after at least one failed attempt: the registry is being retried. */
  retryingRegistrations: number;
}

/** What needs an operator today, counted for the tenant only. */
export async function loadAttention({ ctx, db = prisma, now = new Date() }: TenantArgs): Promise<Attention> {
  requireRole(ctx, DASHBOARD_ROLES, 'read the dashboard');
  const companyId = ctx.companyId;
  const horizon = new Date(now.getTime() + KEY_EXPIRY_WINDOW_DAYS * DAY_MS);
  const [
    submittedPassports,
    pendingAccessRequests,
    failingWebhooks,
    expiringKeys,
    failedRegistrations,
    retryingRegistrations,
  ] = await Promise.all([
    db.product.count({ where: { companyId, state: 'SUBMITTED' } }),
    db.poliRequest.count({ where: { companyId, status: 'PENDING_REVIEW' } }),
    db.webhookEndpoint.count({ where: { companyId, failingSince: { not: null } } }),
    db.apiKey.count({ where: { companyId, revokedAt: null, graceUntil: null, expiresAt: { gt: now, lte: horizon } } }),
    db.passportRegistration.count({ where: { status: 'FAILED', product: { companyId } } }),
    db.passportRegistration.count({ where: { status: 'PENDING', attempts: { gt: 0 }, product: { companyId } } }),
  ]);
  return {
    submittedPassports,
    pendingAccessRequests,
    failingWebhooks,
    expiringKeys,
    failedRegistrations,
    retryingRegistrations,
  };
}
