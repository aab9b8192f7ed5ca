import { bmsOpenApiDocument } from '@/lib/bms/openapi/document';
import { renderBmsError } from '@/lib/http/errors';
import { conditionalResponse } from '@/lib/http/public-route';
import { requestIdFrom } from '@/lib/http/request-id';

// Built on the first request (it reads the configuration), then served from memory.
export const dynamic = 'force-dynamic';

/** No credentials; on the BMS surface (its flag, X-Request-Id). A strong ETag lets tools revalidate with a 304. */
export async function GET(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  let response: Response;
  try {
    response = conditionalResponse(request, bmsOpenApiDocument().json, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    });
  } catch (error) {
    response = renderBmsError(error, { requestId });
  }
  response.headers.set('X-Request-Id', requestId);
  return response;
}
