import { defineEndpoint } from '../../endpoint';
import {
  AcceptedHandoverSchema,
  AcceptHandoverBody,
  DeclineHandoverBody,
  HandoverListQuery,
  HandoverListSchema,
  HandoverSchema,
  OfferHandoverBody,
} from './schemas';

const tag = 'Handovers';

export const offerHandoverEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/{id}/handover',
  operationId: 'offerHandover',
  tag,
  scope: 'dpp:handover',
  summary: 'Hand a published passport over to another operator',
  description:
    'Offers a published passport to another company of the service (toCompany) for re-use, repurposing or ' +
    'remanufacturing (Art. 77(7)); the receiving company accepts or declines within 30 days. With successorUri ' +
    'instead, a successor outside the service is recorded at once as the previous operator states it. One open or ' +
    'accepted offer per passport; a passport handed over or recycled is not offered again (INVALID_STATE).',
  body: OfferHandoverBody,
  response: { status: 201, description: 'The handover.', schema: HandoverSchema },
  errors: ['INVALID_STATE', 'DEMO_PRODUCT'],
});

export const listHandoversEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/handovers',
  operationId: 'listHandovers',
  tag,
  scope: 'dpp:handover',
  summary: 'List handovers',
  description:
    "Offers the calling key's company made or received, in its mode, newest first (at most 200). The other " +
    "company's drafts, keys and restricted data are never part of it.",
  query: HandoverListQuery,
  response: { status: 200, description: 'The handovers.', schema: HandoverListSchema },
});

export const getHandoverEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/handovers/{id}',
  operationId: 'getHandover',
  tag,
  scope: 'dpp:handover',
  summary: 'Read a handover',
  description: 'Either side of the handover reads it; any other company gets 404.',
  response: { status: 200, description: 'The handover.', schema: HandoverSchema },
});

export const acceptHandoverEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/handovers/{id}/accept',
  operationId: 'acceptHandover',
  tag,
  scope: 'dpp:handover',
  summary: 'Accept a handover offer',
  description:
    "The receiving company only (anyone else: 404). Creates a draft in the caller's company from the original's " +
    'published public data, without the fields the new operator declares again (listed in redeclare), with ' +
    'battery_status from the reason and no GTIN or serial number (the new operator assigns its own), linked to the ' +
    'original; publishing it names it on the original. An offer no longer open: INVALID_STATE.',
  body: AcceptHandoverBody,
  response: { status: 200, description: 'The handover and the successor draft.', schema: AcceptedHandoverSchema },
  errors: ['INVALID_STATE', 'NAME_IN_USE', 'PLAN_LIMIT'],
});

export const declineHandoverEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/handovers/{id}/decline',
  operationId: 'declineHandover',
  tag,
  scope: 'dpp:handover',
  summary: 'Decline a handover offer',
  description: 'The receiving company only (anyone else: 404). An offer no longer open: INVALID_STATE.',
  body: DeclineHandoverBody,
  response: { status: 200, description: 'The handover.', schema: HandoverSchema },
  errors: ['INVALID_STATE'],
});
