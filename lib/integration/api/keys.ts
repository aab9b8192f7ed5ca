import type { Endpoint } from '../endpoint';
import {
  bulkRevokeKeysEndpoint,
  getKeyEndpoint,
  listKeysEndpoint,
  mintKeyEndpoint,
  revokeKeyEndpoint,
  rotateKeyEndpoint,
  rotateSigningSecretEndpoint,
  updateKeyEndpoint,
} from './keys/endpoints';

export * from './keys/endpoints';

/** Key management for keys:admin keys: mint, list, read, change, rotate, revoke, re-secret, bulk-revoke. */
export const keysEndpoints: Endpoint[] = [
  listKeysEndpoint,
  mintKeyEndpoint,
  getKeyEndpoint,
  updateKeyEndpoint,
  rotateKeyEndpoint,
  revokeKeyEndpoint,
  rotateSigningSecretEndpoint,
  bulkRevokeKeysEndpoint,
] as Endpoint[];
