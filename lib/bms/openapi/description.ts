import { BMS_SECRET_PER_SECOND } from '../../http/rate-limit/policies';
import { BMS_DYNAMIC_FIELD_IDS } from '../../schema/fields/dynamic';
import { BMS_MAX_BODY_BYTES } from '../body';
import { LIFETIME_COUNTERS } from '../schemas';
import { BMS_FUTURE_SKEW_SECONDS, BMS_REPLAY_WINDOW_SECONDS } from '../signature';

export interface BmsLimits {
  perSecretPerSecond: number;
  edgePerMinute: number;
}

export const DEFAULT_BMS_LIMITS: BmsLimits = { perSecretPerSecond: BMS_SECRET_PER_SECOND, edgePerMinute: 120 };

/** `info.description`: how a battery-management system calls the endpoint, with the numbers the server enforces. */
export function bmsDescription({ perSecretPerSecond, edgePerMinute }: BmsLimits): string {
  return `A battery-management system (BMS) reports the lifetime counters and the dynamic form fields of one battery
passport. This document is the endpoint's contract and prevails over prose (docs/bms-guide.md explains it for
firmware teams, with one fully worked signature).

## Headers

| Header | Value |
|---|---|
| \`Content-Type\` | \`application/json\` |
| \`X-Service-BMS-Secret\` | the plaintext secret (\`bms_\` + 40 letters and digits), provisioned out of band |
| \`X-Service-Signature\` | \`t=<unix seconds>, v1=<hex>\` |

## Signature

\`v1\` is the lowercase hex HMAC-SHA256, keyed with the plaintext secret, of the string

    <timestamp>.<rawBody>

(the timestamp in whole Unix seconds as in \`t\`, a dot, then the exact bytes of the body as sent). The server verifies
the raw bytes before parsing anything: re-serialising or re-indenting the JSON after signing breaks the signature.
The timestamp must be at most ${BMS_REPLAY_WINDOW_SECONDS} seconds old and at most ${BMS_FUTURE_SKEW_SECONDS} seconds ahead of the server clock;
comparison is constant-time.

## Order of checks

503 \`FEATURE_FLAG_OFF\` → 401 \`MISSING_SECRET\` → 401 \`BAD_SECRET\` → 401 \`BAD_SIGNATURE\` → 429 → 404
\`NOT_FOUND\` → 403 \`FORBIDDEN\` → 400 \`BAD_BODY\` → the update (410 \`PRODUCT_WITHDRAWN\` when the battery was
recycled: its passport is closed; 500 \`INTERNAL\` rolls it back whole).

## Effects of a 200, in one transaction

- \`formDataPatch\`: the ${BMS_DYNAMIC_FIELD_IDS.length} whitelisted keys whose values pass their field rules are merged into the product's
  form data (other keys kept); every other key is dropped and listed in \`rejectedKeys\`.
- \`lifetimeCounters\`: each member given is stored (${LIFETIME_COUNTERS.map((c) => `\`${c.name}\``).join(', ')});
  \`null\` means not yet measured, an omitted member keeps its stored value.
- One audit entry (\`eventType\` \`Update\`, \`actorRole\` \`System\`, \`actorId\` the secret's id, \`eventChannel\` \`API\`,
  \`eventContext\` with \`source\` \`bms-webhook\`, \`appliedFormDataKeys\`, \`rejectedFormDataKeys\`, \`counterUpdated\`,
  \`webhookSecretId\`), the secret's last-used time, the product's update time, and a \`passport.telemetry_updated\`
  webhook event when a key or a counter was written. A published passport's public DPP shows the new values at once
  (the contract promises within 60 seconds).
- The report's accepted values and counters kept with its signed time in the passport's history of dynamic data
  (read with \`GET /api/v1/products/{id}/telemetry\` of the Integration API).

Updates apply to a product in any state and mode, until its battery is recycled. Bodies are limited to ${BMS_MAX_BODY_BYTES} bytes.

## Rate limits

${perSecretPerSecond} requests per second per secret (fixed one-second windows), and the platform's edge limit of
${edgePerMinute} requests per minute per client address. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`
and \`RateLimit-Reset\` (delta seconds) of the tightest limit; a 429 adds \`Retry-After\`. Use several secrets (and
addresses) for larger fleets.

## Replays and retries

A signed report is accepted once: the same signed bytes again inside the replay window are refused with 401
\`BAD_SIGNATURE\`, \`reason\` \`replayed\`, and write nothing. A report signed earlier than the newest one applied to
the product writes nothing either and answers 200 with \`superseded: true\`. Retry 429 after \`Retry-After\` and 500
\`INTERNAL\` with backoff (a failed report is not remembered); after a lost answer sign again with a fresh timestamp.
Other errors are deterministic.`;
}
