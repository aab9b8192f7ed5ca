import type { Logger } from 'pino';
import { describeDatabaseFailure, isDatabaseUnavailable } from '@/lib/db/unavailable';
import { logger } from '@/lib/log';
import { ServiceError } from '../errors';
import { cacheControlOf } from './caching';
import { ERROR_CODES, type ErrorCode, statusOf } from './error-codes';
import { RESPONSE_REQUEST_ID_HEADER } from './request-id';
import type { Surface } from './surface';

export const INTERNAL_MESSAGE = 'An unexpected error occurred. Retry after at least 30 seconds.';

export interface RenderContext {
  requestId: string;
  log?: Logger;
}

export const DATABASE_UNAVAILABLE_MESSAGES: Record<Surface, string> = {
  public: 'The service is temporarily unavailable. Retry after the number of seconds in the Retry-After header.',
  integration:
    'The database is temporarily unavailable; the request was not completed and nothing was written. Retry with the same Idempotency-Key.',
  bms: 'The database is temporarily unavailable; the update was not saved and nothing was written. It is safe to retry.',
};

/**
 * The database could not be reached: the public surface has a code for it (503 SERVICE_UNAVAILABLE with
 * Retry-After); the Integration API's table has none, so it answers its retryable 500 INTERNAL_ERROR, the BMS
 * endpoint its 500 INTERNAL ("whole transaction rolled back; safe to retry"), each saying what happened.
 */
function databaseUnavailable(surface: Surface): ServiceError {
  if (surface === 'public') return new ServiceError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGES.public);
  return new ServiceError(surface === 'bms' ? 'INTERNAL' : 'INTERNAL_ERROR', DATABASE_UNAVAILABLE_MESSAGES[surface]);
}

/**
 * A ServiceError as is; a lost database becomes the surface's answer for it (logged as one warning line, since an
 * outage repeats it for every request); anything else is logged (with its stack, server-side only) and becomes a
 * bare 500. The driver's message, SQL and stack never reach the response.
 */
export function toServiceError(
  error: unknown,
  { requestId, log }: RenderContext,
  surface: Surface = 'public',
): ServiceError {
  if (error instanceof ServiceError) return error;
  if (isDatabaseUnavailable(error)) {
    (log ?? logger()).warn({ requestId, database: describeDatabaseFailure(error) }, 'database unavailable');
    return databaseUnavailable(surface);
  }
  (log ?? logger()).error({ err: error, requestId }, 'unhandled error');
  return new ServiceError('INTERNAL_ERROR', INTERNAL_MESSAGE);
}

/** Each surface names the 500 its own way. */
function codeFor(surface: Surface, errorCode: ErrorCode): ErrorCode {
  if (surface === 'bms' && errorCode === 'INTERNAL_ERROR') return 'INTERNAL';
  if (surface !== 'bms' && errorCode === 'INTERNAL') return 'INTERNAL_ERROR';
  return errorCode;
}

function errorHeaders(surface: Surface, error: ServiceError, requestId: string): Headers {
  const headers = new Headers(error.options.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set(RESPONSE_REQUEST_ID_HEADER[surface], requestId);
  if (!headers.has('Cache-Control')) {
    // A withdrawal is stable but must be revalidated once a passport is reinstated (the contract's header).
    headers.set('Cache-Control', cacheControlOf(error.code === 'PRODUCT_WITHDRAWN' ? 'withdrawn' : 'private'));
  }
  const retryAfter = ERROR_CODES[error.code].retryAfterSeconds;
  if (retryAfter !== undefined && !headers.has('Retry-After')) headers.set('Retry-After', String(retryAfter));
  return headers;
}

function respond(surface: Surface, error: ServiceError, requestId: string, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: statusOf(error.code),
    headers: errorHeaders(surface, error, requestId),
  });
}

/** Public flat shape: `{ error: <message>, code, details }` (404 and 429 bodies). */
export function renderPublicFlat(error: unknown, ctx: RenderContext): Response {
  const e = toServiceError(error, ctx);
  const errorCode = codeFor('public', e.code);
  return respond('public', e, ctx.requestId, { error: e.message, code: errorCode, details: e.options.details ?? {} });
}

/** Public nested shape: `{ error: { code, message, ...extra } }` (410, VERSION_NOT_FOUND, snapshot errors). */
export function renderPublicNested(error: unknown, ctx: RenderContext): Response {
  const e = toServiceError(error, ctx);
  const identity = { code: codeFor('public', e.code), message: e.message };
  const reason = e.options.reason === undefined ? {} : { reason: e.options.reason };
  return respond('public', e, ctx.requestId, { error: { ...identity, ...reason, ...e.options.extra, ...identity } });
}

const NESTED_PUBLIC_CODES = new Set<ErrorCode>([
  'PRODUCT_WITHDRAWN',
  'VERSION_NOT_FOUND',
  'INVALID_VERSION',
  'SNAPSHOT_INTEGRITY_FAILURE',
  'CREDENTIAL_INTEGRITY_FAILURE',
]);

/** The public shape the contract gives for this code: nested for withdrawal and snapshot errors, flat otherwise. */
export function renderPublicError(error: unknown, ctx: RenderContext): Response {
  const e = toServiceError(error, ctx);
  return NESTED_PUBLIC_CODES.has(e.code) ? renderPublicNested(e, ctx) : renderPublicFlat(e, ctx);
}

/** Integration envelope; fieldErrors sit both in the error object and in details (clients read either). */
export function renderIntegrationError(error: unknown, ctx: RenderContext): Response {
  const e = toServiceError(error, ctx, 'integration');
  const { details, reason, currentLockVersion, fieldErrors } = e.options;
  const mergedDetails = fieldErrors ? { ...details, fieldErrors } : details;
  return respond('integration', e, ctx.requestId, {
    error: {
      code: codeFor('integration', e.code),
      message: e.message,
      requestId: ctx.requestId,
      ...(mergedDetails === undefined ? {} : { details: mergedDetails }),
      ...(reason === undefined ? {} : { reason }),
      ...(currentLockVersion === undefined ? {} : { currentLockVersion }),
      ...(fieldErrors === undefined ? {} : { fieldErrors }),
    },
  });
}

/** BMS shape: `{ code, error: <message>, reason? }`. */
export function renderBmsError(error: unknown, ctx: RenderContext): Response {
  const e = toServiceError(error, ctx, 'bms');
  const reason = e.options.reason === undefined ? {} : { reason: e.options.reason };
  return respond('bms', e, ctx.requestId, { code: codeFor('bms', e.code), error: e.message, ...reason });
}

/** The renderer for a surface, for layers (middleware, wrappers) that serve more than one. */
export function renderError(surface: Surface, error: unknown, ctx: RenderContext): Response {
  if (surface === 'integration') return renderIntegrationError(error, ctx);
  if (surface === 'bms') return renderBmsError(error, ctx);
  return renderPublicError(error, ctx);
}
