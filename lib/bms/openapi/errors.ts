import { ERROR_CODES, type ErrorCode } from '../../http/error-codes';
import { BMS_INTERNAL_MESSAGE, RATE_LIMITED_MESSAGE } from '../messages';

/** Every code the BMS endpoint answers: when, and an example body exactly as the service writes it. */
export interface BmsErrorDoc {
  code: ErrorCode;
  when: string;
  retry: string;
  example: { code: string; error: string; reason?: string };
}

export const BMS_ERRORS: BmsErrorDoc[] = [
  {
    code: 'BAD_BODY',
    when: 'The body is not UTF-8 JSON, not an object, has a member name with U+0000 (NUL) or an unpaired UTF-16 surrogate, has neither `formDataPatch` nor `lifetimeCounters`, has another member, `formDataPatch` is not an object, or a counter is not a non-negative number (a whole number for `deepDischargeEvents`) or null. Nothing is written.',
    retry: 'No: fix the body.',
    example: { code: 'BAD_BODY', error: 'The body is not valid JSON.' },
  },
  {
    code: 'MISSING_SECRET',
    when: 'No `X-Service-BMS-Secret` header.',
    retry: 'No.',
    example: { code: 'MISSING_SECRET', error: 'The X-Service-BMS-Secret header is missing.' },
  },
  {
    code: 'BAD_SECRET',
    when: 'The secret matches no active record: unknown or revoked (revocation applies at once).',
    retry: 'No: provision a new secret.',
    example: { code: 'BAD_SECRET', error: 'The BMS secret matches no active secret.' },
  },
  {
    code: 'BAD_SIGNATURE',
    when: '`reason`: `missing` (no header), `malformed` (not `t=<unix>, v1=<64 hex>`), `outside_window` (timestamp more than 300 s old or more than 60 s ahead), `mismatch` (not the HMAC of these exact bytes), `replayed` (this exact signed report was already accepted inside its window: a captured report sent again).',
    retry:
      'Only after fixing the clock or the signing code, with a fresh timestamp (`replayed`: the report was already applied; a new report is signed afresh).',
    example: { code: 'BAD_SIGNATURE', error: 'The signature does not match the request body.', reason: 'mismatch' },
  },
  {
    code: 'FORBIDDEN',
    when: "The product belongs to another company than the secret, lies outside the secret's non-empty product list, or the company is suspended or its plan lacks BMS telemetry.",
    retry: 'No.',
    example: { code: 'FORBIDDEN', error: 'This secret is limited to other products.' },
  },
  {
    code: 'NOT_FOUND',
    when: 'No product with that id (a malformed UUID included).',
    retry: 'No.',
    example: { code: 'NOT_FOUND', error: 'No product with this id.' },
  },
  {
    code: 'PRODUCT_WITHDRAWN',
    when: 'The battery was recycled (end of life): its passport is closed and takes no more telemetry. Nothing is written.',
    retry: 'No: stop reporting for this battery.',
    example: {
      code: 'PRODUCT_WITHDRAWN',
      error: 'The battery was recycled: its passport is closed and takes no telemetry.',
    },
  },
  {
    code: 'RATE_LIMITED',
    when: 'The per-secret budget (or the per-address edge limit) is used up. The wait is in `Retry-After` (seconds), never in the body.',
    retry: 'Yes, after `Retry-After` seconds.',
    example: { code: 'RATE_LIMITED', error: RATE_LIMITED_MESSAGE },
  },
  {
    code: 'INTERNAL',
    when: 'The database write failed; the whole update was rolled back (no key, counter or audit entry was written).',
    retry: 'Yes, with backoff; the same body is safe.',
    example: { code: 'INTERNAL', error: BMS_INTERNAL_MESSAGE },
  },
  {
    code: 'FEATURE_FLAG_OFF',
    when: 'BMS ingestion is not enabled in this environment.',
    retry: 'No: an operator must enable it.',
    example: { code: 'FEATURE_FLAG_OFF', error: 'BMS ingestion is not enabled in this environment.' },
  },
];

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  410: 'Gone',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

/** The error answers of one operation, one per status, each listing its codes with an example of each. */
export function bmsErrorResponses(
  docs: BmsErrorDoc[],
  headers: (status: number) => Record<string, unknown>,
): Record<string, unknown> {
  const byStatus = new Map<number, BmsErrorDoc[]>();
  for (const doc of docs) {
    const status = ERROR_CODES[doc.code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), doc]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: `${STATUS_TEXT[status]}: ${list.map((d) => `\`${d.code}\``).join(', ')}. ${list.map((d) => `**${d.code}**: ${d.when} Retry: ${d.retry}`).join(' ')}`,
          headers: headers(status),
          'x-error-codes': list.map((d) => d.code),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/BmsError' },
              examples: Object.fromEntries(
                list.map((d) => [d.code, { summary: d.when.split('. ')[0]!.replace(/\.$/, ''), value: d.example }]),
              ),
            },
          },
        },
      ]),
  );
}
