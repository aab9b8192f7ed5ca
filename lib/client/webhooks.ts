// Webhooks: endpoints that receive signed event deliveries, their secrets and delivery history. Types written
// from the contract and the OpenAPI document, never imported from the server.
import type { RequestOptions, Transport } from './http';

export type WebhookEventType =
  | 'product.created'
  | 'product.updated'
  | 'product.submitted'
  | 'product.approved'
  | 'product.rejected'
  | 'product.withdrawn'
  | 'product.deprecated'
  | 'product.reinstated'
  | 'passport.published'
  | 'passport.telemetry_updated'
  | 'document.uploaded';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  /** Subscribed types, or ['*'] for every type. */
  eventTypes: (WebhookEventType | '*')[];
  mode: 'live' | 'test';
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  failingSince: string | null;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Create and rotate answer the secret (whsec_...) once: store it at once. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export interface CreateWebhookEndpointBody {
  url: string;
  description?: string | null;
  eventTypes: (WebhookEventType | '*')[];
}

export interface UpdateWebhookEndpointBody {
  url?: string;
  description?: string | null;
  eventTypes?: (WebhookEventType | '*')[];
  enabled?: boolean;
}

export interface WebhookAttempt {
  attemptNumber: number;
  startedAt: string;
  durationMs: number;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

export type WebhookDeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
  attempts: WebhookAttempt[];
}

export interface WebhookPage<T> {
  data: T[];
  nextCursor: string | null;
}

export interface WebhookPageQuery {
  limit?: number;
  cursor?: string;
}

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
    listWebhookDeliveries: (id: string, query: WebhookPageQuery & { status?: WebhookDeliveryStatus } = {}) =>
      call<WebhookPage<WebhookDelivery>>('GET', endpointPath(id, '/deliveries'), { query: { ...query } }),
    redeliverWebhook: (deliveryId: string, opts: WriteOptions = {}) =>
      call<WebhookDelivery>('POST', `/api/v1/webhook-deliveries/${encodeURIComponent(deliveryId)}/redeliver`, opts),
  };
}
