import type { Endpoint } from '../endpoint';
import { catalogEndpoints } from './catalog';
import { keysEndpoints } from './keys';
import { mappingsEndpoints } from './mappings';
import { productsEndpoints } from './products';
import { relationsEndpoints } from './relations';

/** Every Integration API operation: the OpenAPI document and the authorization matrix both iterate this list. */
export const INTEGRATION_ENDPOINTS: readonly Endpoint[] = [
  ...catalogEndpoints,
  ...productsEndpoints,
  ...relationsEndpoints,
  ...mappingsEndpoints,
  ...keysEndpoints,
];
