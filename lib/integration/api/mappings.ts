import type { Endpoint } from '../endpoint';
import {
  createErpMappingEndpoint,
  deleteErpMappingEndpoint,
  lintMappingEndpoint,
  listErpMappingsEndpoint,
  updateErpMappingEndpoint,
} from './mappings/endpoints';

export * from './mappings/endpoints';

/** ERP mappings: named column → field maps with transforms, and the lint that checks an export against them. */
export const mappingsEndpoints: Endpoint[] = [
  listErpMappingsEndpoint,
  createErpMappingEndpoint,
  updateErpMappingEndpoint,
  deleteErpMappingEndpoint,
  lintMappingEndpoint,
] as Endpoint[];
