import { descriptionRoute } from '@/lib/http/description-route';
import { openApiDocument } from '@/lib/integration/openapi/document';

// Built on the first request (it reads the configuration), then served from memory.
export const dynamic = 'force-dynamic';

/** No credentials; a strong ETag lets tools revalidate with a 304 instead of downloading it again. */
export const GET = descriptionRoute('integration', () => openApiDocument().json);
