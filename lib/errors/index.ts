import type { ErrorCode } from './codes';

export { type ErrorCode, isErrorCode } from './codes';

/** One entry of a 422 FIELD_VALIDATION_ERROR: names the field, never echoes the submitted value. */
export interface FieldError {
  field_id: string;
  label: string;
  code: string;
  message: string;
}

export interface ServiceErrorOptions {
  details?: Record<string, unknown>;
  reason?: string;
  currentLockVersion?: number;
  fieldErrors?: FieldError[];
  /** Extra response headers, set by the edge layers only (Retry-After from a limiter, RateLimit-*). */
  headers?: HeadersInit;
  /** Members added to the public nested envelope (the 410 withdrawal members). */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The one error type every layer throws: a code of the contract, a message and its details. It knows nothing of
 * HTTP: lib/http maps the code to a status and renders the surface's envelope.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly options: ServiceErrorOptions;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.options = options;
  }
}
