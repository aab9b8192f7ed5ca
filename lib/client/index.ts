// The integrator's client: typed calls for every Integration API endpoint over one signing, retrying transport.
import { catalogApi } from './catalog';

export type { SchemaField } from './catalog';

import { documentsApi } from './documents';
import { gdprApi } from './gdpr';
import { handoversApi } from './handovers';
import { type ClientOptions, createTransport } from './http';
import { importsApi } from './imports';
import { keysApi } from './keys';
import { mappingsApi } from './mappings';
import { productsApi } from './products';
import { relationsApi } from './relations';
import { webhooksApi } from './webhooks';

export { type ApiResponse, type ClientOptions, IntegrationApiError, type RequestOptions, withLockRetry } from './http';
export { newIdempotencyKey, signIntegrationRequest } from './signing';

export function createIntegrationClient(options: ClientOptions) {
  const transport = createTransport(options);
  return {
    /** Raw access: `send` never throws on an HTTP status; `call` throws IntegrationApiError on 4xx/5xx. */
    ...transport,
    ...catalogApi(transport),
    ...productsApi(transport),
    ...handoversApi(transport),
    ...relationsApi(transport),
    ...documentsApi(transport),
    ...importsApi(transport),
    ...mappingsApi(transport),
    ...webhooksApi(transport),
    ...keysApi(transport),
    ...gdprApi(transport),
  };
}

export type IntegrationClient = ReturnType<typeof createIntegrationClient>;
