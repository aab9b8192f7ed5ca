import { defineEndpoint } from '../../endpoint';
import { PageQuery, page } from '../common';
import {
  CreateEndpointBody,
  DeliveryQuery,
  DeliverySchema,
  EndpointSchema,
  EndpointWithSecretSchema,
  UpdateEndpointBody,
} from './schemas';

const tag = 'Webhooks';
const OWN = "Endpoints of the key's company and mode only.";

export const listEndpointsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/webhook-endpoints',
  operationId: 'listWebhookEndpoints',
  tag,
  scope: 'webhook:read',
  summary: 'List webhook endpoints',
  description: `${OWN} Oldest first; never a secret.`,
  query: PageQuery,
  response: { status: 200, description: 'One page of endpoints.', schema: page(EndpointSchema) },
});

export const createEndpointEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhook-endpoints',
  operationId: 'createWebhookEndpoint',
  tag,
  scope: 'webhook:write',
  sensitiveResponse: true,
  summary: 'Create a webhook endpoint',
  description:
    "In the key's mode. The signing secret is in this answer only (an idempotent replay repeats it from an encrypted " +
    'record). Deliveries carry Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) over the JSON ' +
    'payload {id, type, createdAt, data}. A URL that is not https (live), carries credentials or resolves to a private, ' +
    'loopback, link-local or metadata address is refused with VALIDATION_ERROR naming url.',
  body: CreateEndpointBody,
  response: { status: 201, description: 'The endpoint with its secret.', schema: EndpointWithSecretSchema },
  errors: ['PLAN_LIMIT'],
});

export const getEndpointEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/webhook-endpoints/{id}',
  operationId: 'getWebhookEndpoint',
  tag,
  scope: 'webhook:read',
  summary: 'Read a webhook endpoint',
  description: OWN,
  response: { status: 200, description: 'The endpoint.', schema: EndpointSchema },
});

export const updateEndpointEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/webhook-endpoints/{id}',
  operationId: 'updateWebhookEndpoint',
  tag,
  scope: 'webhook:write',
  summary: 'Change a webhook endpoint',
  description: `${OWN} url, description, eventTypes, enabled. Re-enabling clears the disabled state; pending deliveries resume.`,
  body: UpdateEndpointBody,
  response: { status: 200, description: 'The changed endpoint.', schema: EndpointSchema },
});

export const deleteEndpointEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/webhook-endpoints/{id}',
  operationId: 'deleteWebhookEndpoint',
  tag,
  scope: 'webhook:write',
  summary: 'Delete a webhook endpoint',
  description: `${OWN} Its delivery history goes with it.`,
  body: 'none',
  response: { status: 204, description: 'Deleted.' },
});

export const rotateSecretEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhook-endpoints/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  tag,
  scope: 'webhook:write',
  sensitiveResponse: true,
  summary: "Rotate an endpoint's signing secret",
  description: `${OWN} The new secret is in this answer only. For 24 h deliveries are signed with both secrets (two space-separated v1 entries in webhook-signature).`,
  body: 'none',
  response: { status: 200, description: 'The endpoint with its new secret.', schema: EndpointWithSecretSchema },
});

export const listDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/webhook-endpoints/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  tag,
  scope: 'webhook:read',
  summary: 'Delivery history of an endpoint',
  description: `${OWN} Newest first, each delivery with every attempt.`,
  query: PageQuery.extend(DeliveryQuery),
  response: { status: 200, description: 'One page of deliveries.', schema: page(DeliverySchema) },
});

export const redeliverEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhook-deliveries/{id}/redeliver',
  operationId: 'redeliverWebhook',
  tag,
  scope: 'webhook:write',
  summary: 'Redeliver an event',
  description:
    'Queues one more attempt of the delivery, due now (the worker picks it up within seconds); same webhook-id, fresh timestamp and signature.',
  body: 'none',
  response: { status: 202, description: 'The delivery, queued.', schema: DeliverySchema },
});
