// Webhooks: endpoints that receive signed event deliveries, their secrets and delivery history. Types come
// from the generated openapi-types.ts, never from the server's modules.
import type { Page, QueryOf, RequestBody, Schema } from './api-types';
import type { RequestOptions, Transport } from './http';

export type WebhookEndpoint = Schema<'WebhookEndpoint'>;
/** Create and rotate answer the secret (whsec_...) once: store it at once. */
export type WebhookEndpointWithSecret = Schema<'WebhookEndpointWithSecret'>;
export type CreateWebhookEndpointBody = RequestBody<'createWebhookEndpoint'>;
export type UpdateWebhookEndpointBody = RequestBody<'updateWebhookEndpoint'>;
export type WebhookDelivery = Schema<'WebhookDelivery'>;
export type WebhookPage<T> = Page<T>;
export type WebhookPageQuery = QueryOf<'listWebhookEndpoints'>;

type WriteOptions = Pick<RequestOptions, 'idempotencyKey' | 'headers'>;

const endpointPath = (id: string, rest = '') => `/api/v1/webhook-endpoints/${encodeURIComponent(id)}${rest}`;

export function webhooksApi(transport: Transport) {
  const { call } = transport;
  return {
    listWebhookEndpoints: (query: WebhookPageQuery = {}) =>
      call<WebhookPage<WebhookEndpoint>>('GET', '/api/v1/webhook-endpoints', { query: { ...query } }),
    createWebhookEndpoint: (body: CreateWebhookEndpointBody, opts: WriteOptions = {}) =>
      call<WebhookEndpointWithSecret>('POST', '/api/v1/webhook-endpoints', { ...opts, body }),
    getWebhookEndpoint: (id: string) => call<WebhookEndpoint>('GET', endpointPath(id)),
    updateWebhookEndpoint: (id: string, body: UpdateWebhookEndpointBody, opts: WriteOptions = {}) =>
      call<WebhookEndpoint>('PATCH', endpointPath(id), { ...opts, body }),
    deleteWebhookEndpoint: (id: string, opts: WriteOptions = {}) => call<void>('DELETE', endpointPath(id), opts),
    rotateWebhookSecret: (id: string, opts: WriteOptions = {}) =>
      call<WebhookEndpointWithSecret>('POST', endpointPath(id, '/rotate-secret'), opts),
    listWebhookDeliveries: (id: string, query: QueryOf<'listWebhookDeliveries'> = {}) =>
      call<WebhookPage<WebhookDelivery>>('GET', endpointPath(id, '/deliveries'), { query: { ...query } }),
    redeliverWebhook: (deliveryId: string, opts: WriteOptions = {}) =>
      call<WebhookDelivery>('POST', `/api/v1/webhook-deliveries/${encodeURIComponent(deliveryId)}/redeliver`, opts),
  };
}
