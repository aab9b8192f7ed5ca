// API keys (keys:admin keys only): mint, list, read, change, rotate, revoke, re-secret, bulk-revoke. Types written
// from the contract and the OpenAPI document, never imported from the server.
import type { RequestOptions, Transport } from './http';

export type KeyStatus = 'active' | 'grace' | 'expired' | 'revoked';
export type KeyMode = 'live' | 'test';

export interface ApiKey {
  id: string;
  name: string;
  /** The first characters of the key; never the key. */
  displayPrefix: string;
  scopes: string[];
  mode: KeyMode;
  allowedCidrs: string[];
  expiresAt: string | null;
  revokedAt: string | null;
  graceUntil: string | null;
  rotatedFromId: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  status: KeyStatus;
}

/** A mint or rotate answer: the only time the key and its signing secret are ever shown. */
export interface MintedApiKey extends ApiKey {
  key: string;
  signingSecret: string;
}

export interface MintKeyBody {
  name: string;
  scopes: string[];
  mode: KeyMode;
  expiresInDays?: number;
  allowedCidrs?: string[];
}

export interface UpdateKeyBody {
  name?: string;
  /** Replaces the allow-list; [] removes the restriction. */
  allowedCidrs?: string[];
}

export interface BulkRevokeBody {
  ids?: string[];
  all?: boolean;
  mode?: KeyMode;
  /** Default true: the calling key is left alone. */
  exceptSelf?: boolean;
}

export interface ListKeysQuery {
  status?: KeyStatus;
  mode?: KeyMode;
  limit?: number;
  cursor?: string;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

type WriteOptions = Pick<RequestOptions, 'idempotencyKey' | 'headers'>;

const keyPath = (id: string, rest = '') => `/api/v1/keys/${encodeURIComponent(id)}${rest}`;

export function keysApi(transport: Transport) {
  const { call } = transport;
  return {
    listKeys: (query: ListKeysQuery = {}) => call<Page<ApiKey>>('GET', '/api/v1/keys', { query: { ...query } }),
    mintKey: (body: MintKeyBody, opts: WriteOptions = {}) =>
      call<MintedApiKey>('POST', '/api/v1/keys', { ...opts, body }),
    getKey: (id: string) => call<ApiKey>('GET', keyPath(id)),
    updateKey: (id: string, body: UpdateKeyBody, opts: WriteOptions = {}) =>
      call<ApiKey>('PATCH', keyPath(id), { ...opts, body }),
    /** The old key keeps working for graceHours (default 24, at most 168). */
    rotateKey: (id: string, body: { graceHours?: number } = {}, opts: WriteOptions = {}) =>
      call<MintedApiKey>('POST', keyPath(id, '/rotate'), { ...opts, body }),
    revokeKey: (id: string, opts: WriteOptions = {}) => call<ApiKey>('POST', keyPath(id, '/revoke'), opts),
    /** The old secret stops verifying at once: deploy the new one before the next write. */
    rotateSigningSecret: (id: string, opts: WriteOptions = {}) =>
      call<ApiKey & { signingSecret: string }>('POST', keyPath(id, '/rotate-signing-secret'), opts),
    bulkRevokeKeys: (body: BulkRevokeBody, opts: WriteOptions = {}) =>
      call<{ revoked: string[] }>('POST', '/api/v1/keys/bulk-revoke', { ...opts, body }),
  };
}
