/** Codes only the public JSON surface answers. */
const PUBLIC_ONLY = [
  'INVALID_VERSION',
  'PRODUCT_NOT_FOUND',
  'VERSION_NOT_FOUND',
  'PRODUCT_WITHDRAWN',
  'SERVICE_UNAVAILABLE',
  'SNAPSHOT_INTEGRITY_FAILURE',
  'ISSUER_NOT_FOUND',
  'STATUS_LIST_NOT_FOUND',
  'CREDENTIAL_INTEGRITY_FAILURE',
] as const;

/** Codes the Integration API answers; the public surface shares the first two, the BMS endpoint RATE_LIMITED and NOT_FOUND. */
const INTEGRATION = [
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'INVALID_JSON',
  'MALFORMED_BODY',
  'VALIDATION_ERROR',
  'IDEMPOTENCY_KEY_REQUIRED',
  'FILE_REQUIRED',
  'INVALID_ID',
  'MODE_HEADER_MISMATCH',
  'UNAUTHENTICATED',
  'INVALID_API_KEY',
  'INVALID_SIGNATURE',
  'SIGNING_NOT_CONFIGURED',
  'FORBIDDEN_SCOPE',
  'FORBIDDEN_MODULE',
  'FORBIDDEN_COMPANY',
  'CROSS_MODE_DENIED',
  'NOT_FOUND',
  'NO_FILE',
  'SUPPLIER_NOT_ACCESSIBLE',
  'LOCK_CONFLICT',
  'PRODUCT_FROZEN',
  'INVALID_STATE',
  'GTIN_IN_USE',
  'NAME_IN_USE',
  'IDEMPOTENCY_IN_PROGRESS',
  'UNSUPPORTED_MEDIA_TYPE',
  'FIELD_VALIDATION_ERROR',
  'SUBMIT_BLOCKED',
  'SUBMIT_REJECTED',
  'FILE_INVALID',
  'INVALID_METADATA',
  'STORAGE_LIMIT',
  'PLAN_LIMIT',
  'SELF_REFERENCE',
  'CIRCULAR_REFERENCE',
  'MAX_COMPONENTS',
  'GS1_PREFIX_INVALID',
  'SUCCESSOR_INVALID',
  'MODEL_INVALID',
  'IMPORT_UNREADABLE',
  'ISSUER_KEY_UNAVAILABLE',
  'DEMO_PRODUCT',
  'UPLOAD_FAILED',
  'DOWNLOAD_FAILED',
  'FEATURE_DISABLED',
] as const;

/** Codes only the BMS endpoint answers. */
const BMS_ONLY = [
  'BAD_BODY',
  'MISSING_SECRET',
  'BAD_SECRET',
  'BAD_SIGNATURE',
  'FORBIDDEN',
  'INTERNAL',
  'FEATURE_FLAG_OFF',
] as const;

/**
 * Every error code of the contract, on all three surfaces. The domain throws these; lib/http/error-codes.ts gives
 * each its HTTP status, whether it is retryable and its default Retry-After.
 */
export const ERROR_CODE_NAMES = [...PUBLIC_ONLY, ...INTEGRATION, ...BMS_ONLY] as const;

export type ErrorCode = (typeof ERROR_CODE_NAMES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODE_NAMES);

/** Codes of the other two surfaces, which the Integration API never answers. */
export const NOT_INTEGRATION_CODES: ReadonlySet<ErrorCode> = new Set([...PUBLIC_ONLY, ...BMS_ONLY]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
