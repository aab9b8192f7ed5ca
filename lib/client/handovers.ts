// Handovers between operators (Art. 77(7)): offer a published passport to another company of the service, list,
// read, accept and decline. Types come from the generated openapi-types.ts (npm run generate:client).
import type { QueryOf, RequestBody, Schema } from './api-types';
import { apiPath, type Transport, type WriteOptions } from './http';

export type Handover = Schema<'Handover'>;
export type AcceptedHandover = Schema<'AcceptedHandover'>;
export type OfferHandoverBody = RequestBody<'offerHandover'>;
export type AcceptHandoverBody = RequestBody<'acceptHandover'>;
export type DeclineHandoverBody = RequestBody<'declineHandover'>;
export type ListHandoversQuery = QueryOf<'listHandovers'>;

export function handoversApi(transport: Transport) {
  const { call } = transport;
  return {
    /** Offers a published passport to the company named by `toCompany` (its slug), or states a successor outside. */
    offerHandover: (productId: string, body: OfferHandoverBody, opts: WriteOptions = {}) =>
      call<Handover>('POST', apiPath`/api/v1/products/${productId}/handover`, { ...opts, body }),
    listHandovers: (query: ListHandoversQuery = {}) =>
      call<{ data: Handover[] }>('GET', '/api/v1/handovers', { query: { ...query } }),
    getHandover: (id: string) => call<Handover>('GET', apiPath`/api/v1/handovers/${id}`),
    /** The receiving company only: a draft of its own from the original's public data, linked to it. */
    acceptHandover: (id: string, body: AcceptHandoverBody = {}, opts: WriteOptions = {}) =>
      call<AcceptedHandover>('POST', apiPath`/api/v1/handovers/${id}/accept`, { ...opts, body }),
    declineHandover: (id: string, body: DeclineHandoverBody = {}, opts: WriteOptions = {}) =>
      call<Handover>('POST', apiPath`/api/v1/handovers/${id}/decline`, { ...opts, body }),
  };
}
