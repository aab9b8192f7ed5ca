import { REVALIDATE_EVERY_TIME } from './caching';
import { renderError } from './errors';
import { conditionalResponse } from './public-route';
import { RESPONSE_REQUEST_ID_HEADER, requestIdFrom } from './request-id';
import type { Surface } from './surface';

/**
 * The GET route of a surface's own machine-readable description (its OpenAPI document): no credentials, the JSON
 * with a strong ETag so tools revalidate with a 304, a failure in the surface's envelope, and the surface's request
 * id header on every answer.
 */
export function descriptionRoute(surface: Exclude<Surface, 'public'>, json: () => string) {
  return async function serveDescription(request: Request): Promise<Response> {
    const requestId = requestIdFrom(request.headers);
    let response: Response;
    try {
      response = conditionalResponse(request, json(), {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': REVALIDATE_EVERY_TIME,
      });
    } catch (error) {
      response = renderError(surface, error, { requestId });
    }
    response.headers.set(RESPONSE_REQUEST_ID_HEADER[surface], requestId);
    return response;
  };
}
