import { type Endpoint, isWrite } from '../endpoint';

/** Headers of the Integration API, described once in `components` and referenced by every operation. */

const integer = { type: 'integer', minimum: 0 };

export const HEADER_COMPONENTS: Record<string, unknown> = {
  RequestId: {
    description: 'Id of this request, also `error.requestId` in an error; quote it when asking for support.',
    schema: { type: 'string', format: 'uuid' },
  },
  Mode: {
    description: 'The mode the request was served in: `live` or `test` (sandbox).',
    schema: { type: 'string', enum: ['live', 'test'] },
  },
  RateLimitLimit: {
    description: 'Requests allowed in the current window (the tightest limit that applied).',
    schema: integer,
  },
  RateLimitRemaining: { description: 'Requests left in the current window.', schema: integer },
  RateLimitReset: { description: 'Seconds until the window resets (delta-seconds, not a timestamp).', schema: integer },
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: integer },
  Warning: {
    description: '`299 - "..."` when the key is more than 90 days old or expires within 14 days: rotate it.',
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The response headers an operation's answers carry. */
export function responseHeaders(endpoint: Endpoint, { retryAfter = false } = {}): Record<string, unknown> {
  const headers: Record<string, unknown> = {
    'X-Service-Request-Id': ref('RequestId'),
    'RateLimit-Limit': ref('RateLimitLimit'),
    'RateLimit-Remaining': ref('RateLimitRemaining'),
    'RateLimit-Reset': ref('RateLimitReset'),
  };
  if (endpoint.scope !== null) Object.assign(headers, { 'X-Service-Mode': ref('Mode'), Warning: ref('Warning') });
  if (endpoint.scope !== null && isWrite(endpoint.method)) headers['Idempotent-Replayed'] = ref('IdempotentReplayed');
  if (retryAfter) headers['Retry-After'] = ref('RetryAfter');
  return headers;
}

/** Request header parameters, in `components.parameters`. */
export const HEADER_PARAMETERS: Record<string, unknown> = {
  ServiceMode: {
    name: 'X-Service-Mode',
    in: 'header',
    required: false,
    description: 'Required for sandbox (`pk_test_`) keys, which must send `test`; a live key sends `live` or nothing.',
    schema: { type: 'string', enum: ['live', 'test'] },
  },
  Signature: {
    name: 'X-Service-Signature',
    in: 'header',
    required: true,
    description:
      "`t=<unix seconds>, v1=<hex>`: HMAC-SHA256 with the key's signing secret over " +
      '`<timestamp>.<METHOD>.<pathWithQuery>.<sha256hex(raw body)>`.',
    schema: { type: 'string', pattern: '^t=\\d+, ?v1=[0-9a-f]{64}$' },
    example: 't=1763893800, v1=9f2c6a1e0b7d4c3f8a5e2d1b0c9f8e7d6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d',
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'A fresh unique value per logical write (1 to 255 printable ASCII characters); reuse it only to retry that write.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
    example: '0b7e2c0e-54a4-4a5f-9d2a-3f6f1c2b8e41',
  },
};

/** The header parameters an operation takes. */
export function headerParameters(endpoint: Endpoint): unknown[] {
  if (endpoint.scope === null) return [];
  const parameters = [{ $ref: '#/components/parameters/ServiceMode' }];
  if (isWrite(endpoint.method))
    parameters.push({ $ref: '#/components/parameters/Signature' }, { $ref: '#/components/parameters/IdempotencyKey' });
  return parameters;
}
