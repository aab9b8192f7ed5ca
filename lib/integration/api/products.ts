import type { Endpoint } from '../endpoint';
import {
  createProductEndpoint,
  getProductEndpoint,
  listProductsEndpoint,
  putFormDataEndpoint,
  schemaUpgradeEndpoint,
  updateProductEndpoint,
} from './products/authoring';
import {
  gateEndpoint,
  readinessEndpoint,
  recycleEndpoint,
  registryEndpoint,
  schemaCompatibilityEndpoint,
  submitEndpoint,
  withdrawEndpoint,
} from './products/publication';
import { telemetryEndpoint } from './products/telemetry';

export * from './products/authoring';
export * from './products/publication';
export { telemetryEndpoint } from './products/telemetry';

/** The products resource: headless authoring from create to submission, and withdrawal. */
export const productsEndpoints: Endpoint[] = [
  listProductsEndpoint,
  createProductEndpoint,
  getProductEndpoint,
  updateProductEndpoint,
  putFormDataEndpoint,
  readinessEndpoint,
  gateEndpoint,
  schemaCompatibilityEndpoint,
  schemaUpgradeEndpoint,
  submitEndpoint,
  withdrawEndpoint,
  recycleEndpoint,
  registryEndpoint,
  telemetryEndpoint,
] as Endpoint[];
