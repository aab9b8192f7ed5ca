import type { ErrorCode } from '../errors';

/**
 * The HTTP meaning of every error code of the contract (lib/errors), on all three surfaces, in one table.
 * `retryable` tells a client (and our docs) whether the same request may succeed later;
 * `retryAfterSeconds` is the default Retry-After for codes that should carry one.
 */
export interface ErrorCodeSpec {
  status: number;
  retryable: boolean;
  retryAfterSeconds?: number;
}

const code = (status: number, retryable = false, retryAfterSeconds?: number): ErrorCodeSpec =>
  retryAfterSeconds === undefined ? { status, retryable } : { status, retryable, retryAfterSeconds };

export const ERROR_CODES = {
  // Public JSON surface
  INVALID_VERSION: code(400),
  PRODUCT_NOT_FOUND: code(404),
  VERSION_NOT_FOUND: code(404),
  PRODUCT_WITHDRAWN: code(410),
  RATE_LIMITED: code(429, true, 60),
  // The contract: wait at least 30 seconds before retrying an unexpected error.
  INTERNAL_ERROR: code(500, true, 30),
  SERVICE_UNAVAILABLE: code(503, true, 30),
  SNAPSHOT_INTEGRITY_FAILURE: code(503, true, 60),
  ISSUER_NOT_FOUND: code(404),
  STATUS_LIST_NOT_FOUND: code(404),
  CREDENTIAL_INTEGRITY_FAILURE: code(503, true, 60),

  // Integration API
  INVALID_JSON: code(400),
  MALFORMED_BODY: code(400),
  VALIDATION_ERROR: code(400),
  IDEMPOTENCY_KEY_REQUIRED: code(400),
  FILE_REQUIRED: code(400),
  INVALID_ID: code(400),
  MODE_HEADER_MISMATCH: code(400),
  UNAUTHENTICATED: code(401),
  INVALID_API_KEY: code(401),
  INVALID_SIGNATURE: code(401),
  SIGNING_NOT_CONFIGURED: code(401),
  FORBIDDEN_SCOPE: code(403),
  FORBIDDEN_MODULE: code(403),
  FORBIDDEN_COMPANY: code(403),
  CROSS_MODE_DENIED: code(403),
  NOT_FOUND: code(404),
  NO_FILE: code(404),
  SUPPLIER_NOT_ACCESSIBLE: code(404),
  // LOCK_CONFLICT needs a re-read first, so it is not blindly retryable.
  LOCK_CONFLICT: code(409),
  PRODUCT_FROZEN: code(409),
  INVALID_STATE: code(409),
  GTIN_IN_USE: code(409),
  NAME_IN_USE: code(409),
  IDEMPOTENCY_IN_PROGRESS: code(409, true, 1),
  UNSUPPORTED_MEDIA_TYPE: code(415),
  FIELD_VALIDATION_ERROR: code(422),
  SUBMIT_BLOCKED: code(422),
  SUBMIT_REJECTED: code(422),
  FILE_INVALID: code(422),
  INVALID_METADATA: code(422),
  STORAGE_LIMIT: code(422),
  PLAN_LIMIT: code(422),
  SELF_REFERENCE: code(422),
  CIRCULAR_REFERENCE: code(422),
  MAX_COMPONENTS: code(422),
  GS1_PREFIX_INVALID: code(422),
  SUCCESSOR_INVALID: code(422),
  MODEL_INVALID: code(422),
  IMPORT_UNREADABLE: code(422),
  ISSUER_KEY_UNAVAILABLE: code(503),
  DEMO_PRODUCT: code(422),
  UPLOAD_FAILED: code(502, true),
  DOWNLOAD_FAILED: code(502, true),
  // A switched-off feature stays off until an operator changes the environment: not transient.
  FEATURE_DISABLED: code(503),

  // BMS endpoint (RATE_LIMITED and NOT_FOUND are shared with the rows above)
  BAD_BODY: code(400),
  MISSING_SECRET: code(401),
  BAD_SECRET: code(401),
  BAD_SIGNATURE: code(401),
  FORBIDDEN: code(403),
  INTERNAL: code(500, true, 30),
  FEATURE_FLAG_OFF: code(503),
} as const satisfies Record<ErrorCode, ErrorCodeSpec>;

export { type ErrorCode, isErrorCode } from '../errors';

/** The HTTP status of a code. */
export const statusOf = (errorCode: ErrorCode): number => ERROR_CODES[errorCode].status;
