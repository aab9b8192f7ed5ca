import { defineEndpoint } from '../../endpoint';
import { PageQuery, page } from '../common';
import {
  BulkRevokeBody,
  BulkRevokeSchema,
  KeyQueryFilters,
  KeySchema,
  MintedKeySchema,
  MintKeyBody,
  RotateKeyBody,
  SigningSecretSchema,
  UpdateKeyBody,
} from './schemas';

const tag = 'API keys';
const scope = 'keys:admin' as const;
const OWN = "Keys of the calling key's company only; a sandbox keys:admin key manages sandbox keys only.";

export const listKeysEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/keys',
  operationId: 'listKeys',
  tag,
  scope,
  summary: 'List API keys',
  description: `${OWN} Oldest first. Never the key, its hash or its signing secret.`,
  query: PageQuery.extend(KeyQueryFilters),
  response: { status: 200, description: 'One page of keys.', schema: page(KeySchema) },
});

export const mintKeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/keys',
  operationId: 'mintKey',
  tag,
  scope,
  sensitiveResponse: true,
  summary: 'Mint an API key',
  description:
    `${OWN} The key and its signing secret are in this answer only (an idempotent replay repeats it; the stored ` +
    'copy is encrypted). Privileged scopes are refused; the plan limits the number of active keys.',
  body: MintKeyBody,
  response: {
    status: 201,
    description: 'The new key, with its key and signing secret in clear.',
    schema: MintedKeySchema,
  },
  errors: ['PLAN_LIMIT', 'CROSS_MODE_DENIED'],
});

export const getKeyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/keys/{id}',
  operationId: 'getKey',
  tag,
  scope,
  summary: 'Read an API key',
  description: OWN,
  response: { status: 200, description: 'The key.', schema: KeySchema },
});

export const updateKeyEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/keys/{id}',
  operationId: 'updateKey',
  tag,
  scope,
  summary: 'Rename a key or set its CIDR allow-list',
  description: `${OWN} allowedCidrs replaces the list (an empty list removes the restriction) from the key's next request on.`,
  body: UpdateKeyBody,
  response: { status: 200, description: 'The changed key.', schema: KeySchema },
});

export const rotateKeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/keys/{id}/rotate',
  operationId: 'rotateKey',
  tag,
  scope,
  sensitiveResponse: true,
  summary: 'Rotate a key',
  description:
    `${OWN} A successor with the same name, scopes, mode, CIDRs and lifetime and a new signing secret; the old ` +
    'key keeps working for graceHours (default 24), then stops. Revoked, expired or already rotated keys: INVALID_STATE.',
  body: RotateKeyBody,
  response: {
    status: 201,
    description: 'The successor, with its key and signing secret in clear.',
    schema: MintedKeySchema,
  },
  errors: ['INVALID_STATE'],
});

export const revokeKeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/keys/{id}/revoke',
  operationId: 'revokeKey',
  tag,
  scope,
  summary: 'Revoke a key',
  description: `${OWN} Effective on the key's very next request. No body. Revoking a revoked key changes nothing.`,
  body: 'none',
  response: { status: 200, description: 'The revoked key.', schema: KeySchema },
});

export const rotateSigningSecretEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/keys/{id}/rotate-signing-secret',
  operationId: 'rotateSigningSecret',
  tag,
  scope,
  sensitiveResponse: true,
  summary: "Rotate a key's signing secret",
  description: `${OWN} A new sk_ secret, in this answer only; the old secret stops verifying at once (no grace). No body.`,
  body: 'none',
  response: { status: 200, description: 'The key with its new signing secret in clear.', schema: SigningSecretSchema },
  errors: ['INVALID_STATE'],
});

export const bulkRevokeKeysEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/keys/bulk-revoke',
  operationId: 'bulkRevokeKeys',
  tag,
  scope,
  summary: 'Revoke many keys',
  description:
    `${OWN} The named ids (unknown or foreign ids are ignored) or all keys, optionally of one mode; the calling key ` +
    'is left alone unless exceptSelf is false. Answers the ids revoked by this request.',
  body: BulkRevokeBody,
  response: { status: 200, description: 'The keys revoked.', schema: BulkRevokeSchema },
});
