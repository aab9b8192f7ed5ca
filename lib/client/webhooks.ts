// Webhooks: endpoints that receive signed event deliveries, their secrets and delivery history. Types come
// from the generated openapi-types.ts, never from the server's modules.
import type { Page, QueryOf, RequestBody, Schema } from './api-types';
import { apiPath, type Transport, type WriteOptions } from './http';

export type WebhookEndpoint = Schema<'WebhookEndpoint'>;
/** Create and rotate answer the secret (whsec_...) once: store it at once. */
export type WebhookEndpointWithSecret = Schema<'WebhookEndpointWithSecret'>;
export type CreateWebhookEndpointBody = RequestBody<'createWebhookEndpoint'>;
export type UpdateWebhookEndpointBody = RequestBody<'updateWebhookEndpoint'>;
export type WebhookDelivery = Schema<'WebhookDelivery'>;
export type WebhookPage<T> = Page<T>;
export type WebhookPageQuery = QueryOf<'listWebhookEndpoints'>;

export function webhooksApi(transport: Transport) {
  const { call } = transport;
  return {
    listWebhookEndpoints: (query: WebhookPageQuery = {}) =>
      call<WebhookPage<WebhookEndpoint>>('GET', '/api/v1/webhook-endpoints', { query: { ...query } }),
    createWebhookEndpoint: (body: CreateWebhookEndpointBody, opts: WriteOptions = {}) =>
      call<WebhookEndpointWithSecret>('POST', '/api/v1/webhook-endpoints', { ...opts, body }),
    getWebhookEndpoint: (id: string) => call<WebhookEndpoint>('GET', apiPath`/api/v1/webhook-endpoints/${id}`),
    updateWebhookEndpoint: (id: string, body: UpdateWebhookEndpointBody, opts: WriteOptions = {}) =>
      call<WebhookEndpoint>('PATCH', apiPath`/api/v1/webhook-endpoints/${id}`, { ...opts, body }),
    deleteWebhookEndpoint: (id: string, opts: WriteOptions = {}) =>
      call<void>('DELETE', apiPath`/api/v1/webhook-endpoints/${id}`, opts),
    rotateWebhookSecret: (id: string, opts: WriteOptions = {}) =>
      call<WebhookEndpointWithSecret>('POST', apiPath`/api/v1/webhook-endpoints/${id}/rotate-secret`, opts),
    listWebhookDeliveries: (id: string, query: QueryOf<'listWebhookDeliveries'> = {}) =>
      call<WebhookPage<WebhookDelivery>>('GET', apiPath`/api/v1/webhook-endpoints/${id}/deliveries`, {
        query: { ...query },
      }),
    redeliverWebhook: (deliveryId: string, opts: WriteOptions = {}) =>
      call<WebhookDelivery>('POST', apiPath`/api/v1/webhook-deliveries/${deliveryId}/redeliver`, opts),
  };
}
