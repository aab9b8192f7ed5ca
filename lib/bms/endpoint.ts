import { authorizeProduct } from './authorize';
import { parseBmsBody } from './body';
import { bmsContext, ingestTelemetry } from './ingest-telemetry';
import { type BmsRouteOptions, bmsRoute } from './route';
import { BMS_UPDATE_PATH, BmsUpdateResult } from './schemas';

/**
 * `POST /api/v1/products/{id}/bms-update`. After the wrapper's secret, signature and limit: the product
 * (NOT_FOUND, FORBIDDEN), then the body (BAD_BODY), then the update in one transaction.
 */
export function createBmsUpdateRoute(options: BmsRouteOptions = {}) {
  return bmsRoute<{ id: string }>(
    async ({ secret, rawBody, signature, params }) => {
      const productId = params.id.toLowerCase();
      const target = await authorizeProduct(secret, productId);
      const update = parseBmsBody(rawBody);
      const result = await ingestTelemetry({
        ctx: bmsContext(secret),
        input: { productId, update, target, signature },
      });
      return Response.json(result, { status: 200, headers: { 'Cache-Control': 'no-store' } });
    },
    { response: { label: `POST ${BMS_UPDATE_PATH}`, schema: BmsUpdateResult }, ...options },
  );
}

export const postBmsUpdate = createBmsUpdateRoute();
