// API keys (keys:admin keys only): mint, list, read, change, rotate, revoke, re-secret, bulk-revoke. Types come
// from the generated openapi-types.ts, never from the server's modules.
import type { Page, QueryOf, RequestBody, ResponseBody } from './api-types';
import { apiPath, type Transport, type WriteOptions } from './http';

export type ApiKey = ResponseBody<'getKey'>;
/** A mint or rotate answer: the only time the key and its signing secret are ever shown. */
export type MintedApiKey = ResponseBody<'mintKey'>;
export type MintKeyBody = RequestBody<'mintKey'>;
export type UpdateKeyBody = RequestBody<'updateKey'>;
export type BulkRevokeBody = RequestBody<'bulkRevokeKeys'>;
export type ListKeysQuery = QueryOf<'listKeys'>;
export type { Page };

export function keysApi(transport: Transport) {
  const { call } = transport;
  return {
    listKeys: (query: ListKeysQuery = {}) => call<Page<ApiKey>>('GET', '/api/v1/keys', { query: { ...query } }),
    mintKey: (body: MintKeyBody, opts: WriteOptions = {}) =>
      call<MintedApiKey>('POST', '/api/v1/keys', { ...opts, body }),
    getKey: (id: string) => call<ApiKey>('GET', apiPath`/api/v1/keys/${id}`),
    updateKey: (id: string, body: UpdateKeyBody, opts: WriteOptions = {}) =>
      call<ApiKey>('PATCH', apiPath`/api/v1/keys/${id}`, { ...opts, body }),
    /** The old key keeps working for graceHours (default 24, at most 168). */
    rotateKey: (id: string, body: RequestBody<'rotateKey'> = {}, opts: WriteOptions = {}) =>
      call<ResponseBody<'rotateKey'>>('POST', apiPath`/api/v1/keys/${id}/rotate`, { ...opts, body }),
    revokeKey: (id: string, opts: WriteOptions = {}) => call<ApiKey>('POST', apiPath`/api/v1/keys/${id}/revoke`, opts),
    /** The old secret stops verifying at once: deploy the new one before the next write. */
    rotateSigningSecret: (id: string, opts: WriteOptions = {}) =>
      call<ResponseBody<'rotateSigningSecret'>>('POST', apiPath`/api/v1/keys/${id}/rotate-signing-secret`, opts),
    bulkRevokeKeys: (body: BulkRevokeBody, opts: WriteOptions = {}) =>
      call<ResponseBody<'bulkRevokeKeys'>>('POST', '/api/v1/keys/bulk-revoke', { ...opts, body }),
  };
}
