import type { Endpoint } from '../endpoint';
import { catalogEndpoints } from './catalog';
import { documentsEndpoints } from './documents';
import { gdprEndpoints } from './gdpr';
import { handoversEndpoints } from './handovers';
import { importsEndpoints } from './imports';
import { keysEndpoints } from './keys';
import { mappingsEndpoints } from './mappings';
import { productsEndpoints } from './products';
import { relationsEndpoints } from './relations';
import { webhooksEndpoints } from './webhooks';

/** Every Integration API operation: the OpenAPI document and the authorization matrix both iterate this list. */
export const INTEGRATION_ENDPOINTS: readonly Endpoint[] = [
  ...catalogEndpoints,
  ...productsEndpoints,
  ...handoversEndpoints,
  ...relationsEndpoints,
  ...documentsEndpoints,
  ...importsEndpoints,
  ...mappingsEndpoints,
  ...webhooksEndpoints,
  ...keysEndpoints,
  ...gdprEndpoints,
];
