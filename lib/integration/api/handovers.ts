import type { Endpoint } from '../endpoint';
import {
  acceptHandoverEndpoint,
  declineHandoverEndpoint,
  getHandoverEndpoint,
  listHandoversEndpoint,
  offerHandoverEndpoint,
} from './handovers/endpoints';

export * from './handovers/endpoints';

/** Handover between operators (Art. 77(7)): offer, list, read, accept, decline. */
export const handoversEndpoints: Endpoint[] = [
  offerHandoverEndpoint,
  listHandoversEndpoint,
  getHandoverEndpoint,
  acceptHandoverEndpoint,
  declineHandoverEndpoint,
] as Endpoint[];
