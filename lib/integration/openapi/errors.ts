import { ERROR_CODES, type ErrorCode } from '../../http/error-codes';
import { type Endpoint, isWrite } from '../endpoint';
import { errorMeaning, STATUS_TEXT } from './error-meanings';
import { responseHeaders } from './headers';

export const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/Error' };

/** Path parameters of a template: `/api/v1/products/{id}` → `['id']`. */
export const pathParameterNames = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

const TABLE_ORDER = Object.keys(ERROR_CODES) as ErrorCode[];

/**
 * Every code an operation can answer: the layers of the route wrapper that apply to it (authentication, mode,
 * rate limit, signature and idempotency for writes, body and query parsing, path ids) plus its own codes.
 */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(['RATE_LIMITED', 'INTERNAL_ERROR', 'FEATURE_DISABLED']);
  const add = (...more: ErrorCode[]) => {
    for (const c of more) codes.add(c);
  };
  if (endpoint.scope !== null) {
    add('UNAUTHENTICATED', 'INVALID_API_KEY', 'FORBIDDEN_MODULE', 'FORBIDDEN_COMPANY', 'MODE_HEADER_MISMATCH');
    if (endpoint.scope !== 'any') add('FORBIDDEN_SCOPE');
    if (endpoint.liveOnly) add('CROSS_MODE_DENIED');
    if (isWrite(endpoint.method))
      add('INVALID_SIGNATURE', 'SIGNING_NOT_CONFIGURED', 'IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_IN_PROGRESS');
    // The write body limit applies to every write, whatever it reads: past it, MALFORMED_BODY (FILE_INVALID for uploads).
    if (isWrite(endpoint.method) && endpoint.body !== 'multipart') add('MALFORMED_BODY');
    if (endpoint.body && endpoint.body !== 'none' && endpoint.body !== 'multipart')
      add('INVALID_JSON', 'VALIDATION_ERROR');
    if (endpoint.query) add('VALIDATION_ERROR');
    if (pathParameterNames(endpoint.path).includes('id')) add('INVALID_ID', 'NOT_FOUND');
  }
  add(...(endpoint.errors ?? []));
  return TABLE_ORDER.filter((c) => codes.has(c));
}

/** `components.examples`: one example envelope per code, referenced by every operation that can answer it. */
export function errorExamples(codes: Iterable<ErrorCode>): Record<string, unknown> {
  return Object.fromEntries(
    [...new Set(codes)].map((code) => [
      code,
      {
        summary: errorMeaning(code),
        value: { error: { code, message: errorMeaning(code), requestId: '5b1f0e7c-2d4a-4f6b-9c3e-8a7d6b5c4e3f' } },
      },
    ]),
  );
}

/** The error answers of an operation, one per HTTP status, each naming its codes and showing an example of each. */
export function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const retryAfter = codes.some((c) => 'retryAfterSeconds' in ERROR_CODES[c]);
    const list = codes.map((c) => `\`${c}\``).join(', ');
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${list}. Branch on \`error.code\`; each example says what the code means.`,
      headers: responseHeaders(endpoint, { retryAfter }),
      'x-error-codes': codes,
      content: {
        'application/json': {
          schema: ERROR_SCHEMA_REF,
          examples: Object.fromEntries(codes.map((c) => [c, { $ref: `#/components/examples/${c}` }])),
        },
      },
    };
  }
  return responses;
}
