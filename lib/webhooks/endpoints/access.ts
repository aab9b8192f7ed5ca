import { config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { WebhookEndpoint } from '../../db/generated/client';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { requireRole } from '../../passport/transitions/result';
import { type Resolver, webhookUrlProblem } from '../url-policy';

export const WEBHOOK_ROLES = ['ADMIN', 'Integration', 'System'];
export const WEBHOOKS_MODULE = 'webhooks';

/** Role first, then the plan: a company whose plan lacks the webhooks module gets 403 FORBIDDEN_MODULE. */
export async function requireWebhooks(db: Db | Tx, ctx: DomainContext, action: string): Promise<void> {
  requireRole(ctx, WEBHOOK_ROLES, action);
  const company = await db.company.findUnique({ where: { id: ctx.companyId }, select: { modules: true } });
  if (!company?.modules.includes(WEBHOOKS_MODULE))
    throw new ServiceError('FORBIDDEN_MODULE', "The company's plan does not include webhooks.");
}

/** The endpoints a context may see: its company's, of its mode (an operator without a mode sees live). */
export const tenantEndpoints = (ctx: DomainContext) => ({ companyId: ctx.companyId, mode: ctx.mode ?? 'LIVE' });

/** Another company's endpoint, one of the other mode and an unknown id all answer 404 NOT_FOUND. */
export async function findEndpointOrThrow(db: Db | Tx, ctx: DomainContext, id: string): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id, ...tenantEndpoints(ctx) } });
  if (!endpoint) throw new ServiceError('NOT_FOUND', 'No such webhook endpoint.');
  return endpoint;
}

/** The SSRF check at creation and change: 400 VALIDATION_ERROR naming `url` with the reason. */
export async function requireDeliverableUrl(ctx: DomainContext, url: string, resolve?: Resolver): Promise<void> {
  const problem = await webhookUrlProblem(
    url,
    { mode: ctx.mode ?? 'LIVE', allowPrivate: config().WEBHOOKS_ALLOW_PRIVATE },
    resolve,
  );
  if (problem) {
    throw new ServiceError('VALIDATION_ERROR', `The webhook URL is refused: ${problem}`, {
      details: { issues: [{ path: 'url', code: 'url_refused', message: problem }] },
    });
  }
}

/** The plan's webhook endpoint quota, counted per mode; the company row is locked so two creations cannot both take the last place. */
export async function requireEndpointQuota(tx: Tx, ctx: DomainContext): Promise<void> {
  const rows = await tx.$queryRaw<{ maxWebhookEndpoints: number | null }[]>`
    SELECT "maxWebhookEndpoints" FROM "Company" WHERE "id" = ${ctx.companyId}::uuid FOR NO KEY UPDATE`;
  const limit = rows[0]?.maxWebhookEndpoints ?? null;
  if (limit === null) return;
  const count = await tx.webhookEndpoint.count({ where: tenantEndpoints(ctx) });
  if (count >= limit) {
    throw new ServiceError('PLAN_LIMIT', `The company's plan allows ${limit} webhook endpoint(s) in this mode.`, {
      details: { limit, mode: ctx.mode === 'TEST' ? 'test' : 'live' },
    });
  }
}
