import type { Endpoint } from '../endpoint';
import {
  createEndpointEndpoint,
  deleteEndpointEndpoint,
  getEndpointEndpoint,
  listDeliveriesEndpoint,
  listEndpointsEndpoint,
  redeliverEndpoint,
  rotateSecretEndpoint,
  updateEndpointEndpoint,
} from './webhooks/endpoints';

export * from './webhooks/endpoints';

/** Webhook endpoints and their deliveries: subscribe, rotate the signing secret, read the history, redeliver. */
export const webhooksEndpoints: Endpoint[] = [
  listEndpointsEndpoint,
  createEndpointEndpoint,
  getEndpointEndpoint,
  updateEndpointEndpoint,
  deleteEndpointEndpoint,
  rotateSecretEndpoint,
  listDeliveriesEndpoint,
  redeliverEndpoint,
] as Endpoint[];
