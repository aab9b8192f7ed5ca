import type { Endpoint } from '../endpoint';
import {
  cancelImportEndpoint,
  createImportEndpoint,
  getImportEndpoint,
  listImportErrorsEndpoint,
  submitImportEndpoint,
} from './imports/endpoints';

export * from './imports/endpoints';

/** Imports of ERP files: upload (multipart, signed raw), status, row errors, cancel, submit. */
export const importsEndpoints: Endpoint[] = [
  createImportEndpoint,
  getImportEndpoint,
  listImportErrorsEndpoint,
  cancelImportEndpoint,
  submitImportEndpoint,
] as Endpoint[];
