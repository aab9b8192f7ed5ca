import type { ErrorCode } from '../../http/error-codes';

/** One line per Integration API error code: what it means and what the client should do. */
export const ERROR_MEANINGS: Partial<Record<ErrorCode, string>> = {
  INVALID_JSON: 'The body is not valid JSON.',
  MALFORMED_BODY:
    'The body is not the expected kind (not a JSON object, wrong Content-Type, or a body where none is taken).',
  VALIDATION_ERROR: 'A request member or query parameter is wrong; `details.issues` names each one.',
  IDEMPOTENCY_KEY_REQUIRED:
    'The Idempotency-Key header is missing or malformed, or was used for a different request (`details.reason` = `KEY_REUSED`).',
  FILE_REQUIRED: 'The multipart body has no file part.',
  INVALID_ID: 'A path id is not a UUID.',
  MODE_HEADER_MISMATCH: 'A sandbox (`pk_test_`) key must send `X-Service-Mode: test`; a live key must not.',
  UNAUTHENTICATED: 'No `Authorization: Bearer <key>` header.',
  INVALID_API_KEY: 'The key is unknown, revoked or expired, or used from outside its allowed CIDR ranges.',
  INVALID_SIGNATURE:
    'X-Service-Signature is missing, malformed, outside the time window or does not match, or (`details.replayed` = true) it was already accepted with another Idempotency-Key.',
  SIGNING_NOT_CONFIGURED: 'The key has no signing secret; rotate it to get one.',
  FORBIDDEN_SCOPE: 'The key lacks the scope this operation needs (`details.requiredScope`).',
  FORBIDDEN_MODULE: "The company's plan does not include this module.",
  FORBIDDEN_COMPANY: 'The company is suspended.',
  CROSS_MODE_DENIED: 'This operation is for live keys only.',
  NOT_FOUND: "No such resource for this key: unknown, another tenant's, or of the other mode.",
  NO_FILE: 'The document record exists but its stored file is missing.',
  SUPPLIER_NOT_ACCESSIBLE: 'The supplier is neither owned by nor linked to your company.',
  LOCK_CONFLICT: 'The `lockVersion` sent is stale: re-read, re-apply and retry with `currentLockVersion`.',
  PRODUCT_FROZEN: 'The product is submitted, approved, withdrawn or deprecated and cannot be edited.',
  INVALID_STATE: 'The product is not in a state that allows this transition (`reason` = `INVALID_TRANSITION`).',
  GTIN_IN_USE: 'Another product already has this GTIN and serial number.',
  NAME_IN_USE: 'Another resource of your company already has this name.',
  IDEMPOTENCY_IN_PROGRESS: 'A request with this Idempotency-Key is still running; retry after Retry-After.',
  UNSUPPORTED_MEDIA_TYPE: 'The document file type is not allowed.',
  FIELD_VALIDATION_ERROR: 'Form data refused as a whole; `fieldErrors` lists `{field_id, label, code, message}`.',
  SUBMIT_BLOCKED: 'Mandated fields are missing; the message lists them. Do not retry unchanged.',
  SUBMIT_REJECTED: 'The publication gate refuses the submission for another reason (schema, components, GTIN prefix).',
  FILE_INVALID: 'The file is empty, too large or not what its type claims.',
  INVALID_METADATA: 'The document metadata is not valid.',
  STORAGE_LIMIT: 'The company document storage quota is used up.',
  PLAN_LIMIT: 'A plan quota (products, keys, webhook endpoints) is reached.',
  SELF_REFERENCE: 'A product cannot be its own component.',
  CIRCULAR_REFERENCE: 'The component link would create a cycle.',
  MAX_COMPONENTS: 'The product has the most components allowed.',
  GS1_PREFIX_INVALID: 'The GS1 company prefix is not valid.',
  SUCCESSOR_INVALID: 'The successor product cannot succeed this one.',
  MODEL_INVALID:
    'The model is not a battery model of your company in this mode, or the product cannot be (or have) a model.',
  IMPORT_UNREADABLE:
    'The file cannot be read with the mapping (its header lacks mapped columns, or it is not the CSV, XLSX or JSON Lines it seems); no row was touched.',
  ISSUER_KEY_UNAVAILABLE:
    "The company's signing key cannot be used (none is current, or it does not decrypt under the service's key), so nothing was published; an administrator rotates the issuer key.",
  DEMO_PRODUCT: 'Demo passports are read-only through the API.',
  RATE_LIMITED: 'Too many requests; wait the seconds in Retry-After (per key and per client address).',
  INTERNAL_ERROR: 'Unexpected error; retry after at least 30 seconds with the same Idempotency-Key.',
  UPLOAD_FAILED: 'Transient storage error while storing a file; safe to retry.',
  DOWNLOAD_FAILED: 'Transient storage error while reading a file; safe to retry.',
  FEATURE_DISABLED: 'The Integration API is not enabled in this environment.',
};

export function errorMeaning(code: ErrorCode): string {
  return ERROR_MEANINGS[code] ?? code.toLowerCase().replaceAll('_', ' ');
}

/** Short reason phrases for the response descriptions. */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Bad gateway',
  503: 'Unavailable',
};
