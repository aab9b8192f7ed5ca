import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes';

// Copied from the contract's three "Errors" tables (plus the codes DESIGN.md adds).
const CONTRACT: Record<string, number> = {
  INVALID_VERSION: 400,
  PRODUCT_NOT_FOUND: 404,
  VERSION_NOT_FOUND: 404,
  PRODUCT_WITHDRAWN: 410,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  SNAPSHOT_INTEGRITY_FAILURE: 503,
  ISSUER_NOT_FOUND: 404,
  STATUS_LIST_NOT_FOUND: 404,
  CREDENTIAL_INTEGRITY_FAILURE: 503,
  INVALID_JSON: 400,
  MALFORMED_BODY: 400,
  VALIDATION_ERROR: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  FILE_REQUIRED: 400,
  INVALID_ID: 400,
  MODE_HEADER_MISMATCH: 400,
  UNAUTHENTICATED: 401,
  INVALID_API_KEY: 401,
  INVALID_SIGNATURE: 401,
  SIGNING_NOT_CONFIGURED: 401,
  FORBIDDEN_SCOPE: 403,
  FORBIDDEN_MODULE: 403,
  FORBIDDEN_COMPANY: 403,
  CROSS_MODE_DENIED: 403,
  NOT_FOUND: 404,
  NO_FILE: 404,
  SUPPLIER_NOT_ACCESSIBLE: 404,
  LOCK_CONFLICT: 409,
  PRODUCT_FROZEN: 409,
  INVALID_STATE: 409,
  GTIN_IN_USE: 409,
  NAME_IN_USE: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  FIELD_VALIDATION_ERROR: 422,
  SUBMIT_BLOCKED: 422,
  SUBMIT_REJECTED: 422,
  FILE_INVALID: 422,
  INVALID_METADATA: 422,
  STORAGE_LIMIT: 422,
  PLAN_LIMIT: 422,
  SELF_REFERENCE: 422,
  CIRCULAR_REFERENCE: 422,
  MAX_COMPONENTS: 422,
  GS1_PREFIX_INVALID: 422,
  SUCCESSOR_INVALID: 422,
  MODEL_INVALID: 422,
  IMPORT_UNREADABLE: 422,
  ISSUER_KEY_UNAVAILABLE: 503,
  DEMO_PRODUCT: 422,
  UPLOAD_FAILED: 502,
  DOWNLOAD_FAILED: 502,
  FEATURE_DISABLED: 503,
  BAD_BODY: 400,
  MISSING_SECRET: 401,
  BAD_SECRET: 401,
  BAD_SIGNATURE: 401,
  FORBIDDEN: 403,
  INTERNAL: 500,
  FEATURE_FLAG_OFF: 503,
};

describe('error code table', () => {
  it('maps every code of the contract to the status the contract gives it, and nothing else', () => {
    const table = Object.fromEntries(Object.entries(ERROR_CODES).map(([code, spec]) => [code, spec.status]));
    expect(table).toEqual(CONTRACT);
  });

  it('marks as retryable exactly the transient codes', () => {
    const retryable = Object.entries(ERROR_CODES)
      .filter(([, s]) => s.retryable)
      .map(([c]) => c)
      .sort();
    expect(retryable).toEqual(
      [
        'DOWNLOAD_FAILED',
        'IDEMPOTENCY_IN_PROGRESS',
        'INTERNAL',
        'INTERNAL_ERROR',
        'RATE_LIMITED',
        'SERVICE_UNAVAILABLE',
        'SNAPSHOT_INTEGRITY_FAILURE',
        'CREDENTIAL_INTEGRITY_FAILURE',
        'UPLOAD_FAILED',
      ].sort(),
    );
  });

  it('treats INVALID_TRANSITION as a reason, not a code', () => {
    expect(isErrorCode('INVALID_TRANSITION')).toBe(false);
    expect(isErrorCode('INVALID_STATE')).toBe(true);
  });
});
