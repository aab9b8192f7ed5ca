import { IDEMPOTENCY_TTL_HOURS } from '../idempotency';
import { SIGNATURE_FUTURE_SECONDS, SIGNATURE_PAST_SECONDS } from '../signature';

export interface DescriptionLimits {
  perKeyPerMinute: number;
  edgePerMinute: number;
}

/** `info.description`: how to call the API, in Markdown, with the numbers the server actually enforces. */
export function apiDescription({ perKeyPerMinute, edgePerMinute }: DescriptionLimits): string {
  return `Author battery passports (EU Battery Regulation 2023/1542) from your own systems: discover categories and
their field schemas, create and edit drafts, write form data, traceability and components, upload evidence, read the
publish gate and submit for review. Publication itself is a human action in the operator portal.

## Authentication: three independent layers

| Layer | Header | Applies to |
|---|---|---|
| Bearer key | \`Authorization: Bearer <API_KEY>\` | every request except \`/api/v1/health\` and \`/api/v1/openapi.json\` |
| HMAC signature | \`X-Service-Signature: t=<unix seconds>, v1=<hex>\` | POST, PUT, PATCH, DELETE |
| Idempotency key | \`Idempotency-Key: <unique value>\` | POST, PUT, PATCH, DELETE |

A write missing any layer is refused; reads need only the bearer key. The tenant is always the key's company: a
body naming \`companyId\` is refused, and another tenant's resource answers 404, never 403. No key: 401
\`UNAUTHENTICATED\`; an unknown, revoked or expired key (or one used outside its \`allowedCidrs\`): 401
\`INVALID_API_KEY\`; a missing scope: 403 \`FORBIDDEN_SCOPE\`. A key more than 90 days old or expiring within 14
days gets a \`Warning: 299\` header on every answer: rotate it (mint a new key, deploy, verify with a read, revoke
the old one).

### Signing a write

HMAC-SHA256, keyed with the key's signing secret, lowercase hex, over the canonical string

    <timestamp>.<METHOD>.<pathWithQuery>.<sha256hex(raw body)>

- \`timestamp\`: Unix time in whole seconds, the same value as \`t\` in the header.
- \`METHOD\`: the uppercase HTTP method.
- \`pathWithQuery\`: the path exactly as requested, including the query string when there is one.
- \`sha256hex(raw body)\`: lowercase hex SHA-256 of the body bytes exactly as sent (the exact JSON string; for
  multipart the entire raw body, boundaries and part headers included; for a bodyless request the SHA-256 of the
  empty string).

Send it as \`X-Service-Signature: t=<unix seconds>, v1=<hex>\`. The timestamp must be at most
${SIGNATURE_PAST_SECONDS} s behind and ${SIGNATURE_FUTURE_SECONDS} s ahead of the server clock. A bad signature, or
one outside the window, answers 401 \`INVALID_SIGNATURE\`; a key without a signing secret 401
\`SIGNING_NOT_CONFIGURED\`. Re-serialising the body after signing, or signing the bare path when a query is
present, breaks the signature.

### Idempotency

Use a fresh \`Idempotency-Key\` per logical write and reuse it only to retry that write. Answers are kept for
${IDEMPOTENCY_TTL_HOURS} hours per key, method, path, body hash and Idempotency-Key: a retry gets the original status,
body and headers plus \`Idempotent-Replayed: true\`, without executing again. The same Idempotency-Key with a
different request is refused with 400 \`IDEMPOTENCY_KEY_REQUIRED\` and \`details.reason\` = \`KEY_REUSED\`; while
the first request is still running a duplicate gets 409 \`IDEMPOTENCY_IN_PROGRESS\` (retry after \`Retry-After\`).
A missing header is 400 \`IDEMPOTENCY_KEY_REQUIRED\`. 5xx answers are not kept, so a retry executes again.
A signature is accepted once: the same signature with another Idempotency-Key inside its window is refused with 401
\`INVALID_SIGNATURE\` and \`details.replayed\` = true, before anything runs.

## Sandbox mode

A key is live (\`pk_live_\`) or sandbox (\`pk_test_\`); the mode belongs to the key. A sandbox key must send
\`X-Service-Mode: test\` (otherwise 400 \`MODE_HEADER_MISMATCH\`) and sees only sandbox data, which is throwaway
and never published. Every authenticated answer echoes the mode in \`X-Service-Mode\`. GDPR operations are live
only (403 \`CROSS_MODE_DENIED\`).

## Rate limits

${perKeyPerMinute} requests per minute per key (reads and writes together; live and sandbox counted apart) and
${edgePerMinute} per minute per client address, in fixed windows. Every answer carries \`RateLimit-Limit\`,
\`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window resets); a 429 \`RATE_LIMITED\` carries
\`Retry-After\` in seconds. The limiter fails closed: if its store is unreachable, requests get 429.

## Paging

Lists answer \`{ "data": [...], "nextCursor": "..." }\`. Pass \`nextCursor\` as \`cursor\` to read the next page;
it is null on the last page. \`limit\` is 1 to 100 (default 50). Cursors are opaque.

## Errors

Every 4xx/5xx is \`{ "error": { "code", "message", "requestId", "details"? } }\`; some add \`reason\`,
\`currentLockVersion\` (on \`LOCK_CONFLICT\`) or \`fieldErrors\` (on \`FIELD_VALIDATION_ERROR\`, also under
\`details\`). Branch on \`code\`, never on the message. Each operation lists the codes it can answer. Retry 429,
502 and other 5xx with exponential backoff and the same Idempotency-Key; a 4xx with a specific code is
deterministic. \`X-Service-Request-Id\` is on every answer.

## Field schemas

Category field schemas (\`/api/v1/categories/{code}/schema\`) derive from the Battery Pass consortium's
*Data Attribute Longlist v1.2*, licensed [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/); each field
names its Battery Pass attribute number(s) in \`reference.batteryPass\`.
`;
}
