import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { findEndpointOrThrow, requireWebhooks, tenantEndpoints } from './access';
import { DELIVERY_INCLUDE, deliveryView, endpointView } from './view';

export interface PageInput {
  /** Where the previous page ended: its last item's (createdAt, id). */
  after?: { createdAt: Date; id: string };
  limit: number;
}

const afterWhere = (after: PageInput['after'], dir: 'gt' | 'lt') =>
  after
    ? { OR: [{ createdAt: { [dir]: after.createdAt } }, { createdAt: after.createdAt, id: { [dir]: after.id } }] }
    : {};

function paged<T extends { createdAt: Date; id: string }, V>(rows: T[], limit: number, view: (row: T) => V) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items.at(-1);
  return { items: items.map(view), next: more && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/** The company's endpoints of the caller's mode, oldest first. */
export async function listWebhookEndpoints({
  ctx,
  page,
  db = prisma,
}: {
  ctx: DomainContext;
  page: PageInput;
  db?: Db | Tx;
}) {
  await requireWebhooks(db, ctx, 'read webhook endpoints');
  const rows = await db.webhookEndpoint.findMany({
    where: { AND: [tenantEndpoints(ctx), afterWhere(page.after, 'gt')] },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: page.limit + 1,
  });
  return paged(rows, page.limit, endpointView);
}

export async function getWebhookEndpoint({ ctx, id, db = prisma }: { ctx: DomainContext; id: string; db?: Db | Tx }) {
  await requireWebhooks(db, ctx, 'read webhook endpoints');
  return endpointView(await findEndpointOrThrow(db, ctx, id));
}

/** An endpoint's delivery history, newest first, each delivery with its attempts. */
export async function listWebhookDeliveries({
  ctx,
  id,
  page,
  status,
  db = prisma,
}: {
  ctx: DomainContext;
  id: string;
  page: PageInput;
  status?: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  db?: Db | Tx;
}) {
  await requireWebhooks(db, ctx, 'read webhook deliveries');
  await findEndpointOrThrow(db, ctx, id);
  const rows = await db.webhookDelivery.findMany({
    where: { AND: [{ endpointId: id }, status ? { status } : {}, afterWhere(page.after, 'lt')] },
    include: DELIVERY_INCLUDE,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit + 1,
  });
  return paged(rows, page.limit, deliveryView);
}

/** A delivery of one of the caller's endpoints; anything else is 404 NOT_FOUND. */
export async function findDeliveryOrThrow(db: Db | Tx, ctx: DomainContext, id: string) {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id, endpoint: tenantEndpoints(ctx) },
    include: DELIVERY_INCLUDE,
  });
  if (!delivery) throw new ServiceError('NOT_FOUND', 'No such webhook delivery.');
  return delivery;
}
