import { renderIntegrationError } from '@/lib/http/errors';
import { conditionalResponse } from '@/lib/http/public-route';
import { requestIdFrom } from '@/lib/http/request-id';
import { openApiDocument } from '@/lib/integration/openapi/document';

// Built on the first request (it reads the configuration), then served from memory.
export const dynamic = 'force-dynamic';

/** No credentials; a strong ETag lets tools revalidate with a 304 instead of downloading it again. */
export async function GET(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  try {
    const response = conditionalResponse(request, openApiDocument().json, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    });
    response.headers.set('X-Service-Request-Id', requestId);
    return response;
  } catch (error) {
    return renderIntegrationError(error, { requestId });
  }
}
