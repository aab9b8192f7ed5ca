import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { keysetPage, keysetQuery, type PageInput } from '../../domain/keyset';
import { ServiceError } from '../../errors';
import { findEndpointOrThrow, requireWebhooks, tenantEndpoints } from './access';
import { DELIVERY_INCLUDE, deliveryView, endpointView } from './view';

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
  const rows = await db.webhookEndpoint.findMany(keysetQuery(tenantEndpoints(ctx), page));
  return keysetPage(rows, page.limit, endpointView);
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
    ...keysetQuery({ endpointId: id, ...(status ? { status } : {}) }, page, 'desc'),
    include: DELIVERY_INCLUDE,
  });
  return keysetPage(rows, page.limit, deliveryView);
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
