import { bmsOpenApiDocument } from '@/lib/bms/openapi/document';
import { descriptionRoute } from '@/lib/http/description-route';

// Built on the first request (it reads the configuration), then served from memory.
export const dynamic = 'force-dynamic';

/** No credentials; on the BMS surface (its flag, X-Request-Id). A strong ETag lets tools revalidate with a 304. */
export const GET = descriptionRoute('bms', () => bmsOpenApiDocument().json);
