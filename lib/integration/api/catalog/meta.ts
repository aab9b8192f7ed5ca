import type { z } from 'zod';
import { config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { NOT_INTEGRATION_CODES } from '../../../errors/codes';
import { ERROR_CODES, type ErrorCode } from '../../../http/error-codes';
import { PUBLIC_STATE } from '../../../passport/states';
import { FIELD_ERROR_CODES } from '../../../schema/types';
import { type AuthenticatedKey, modeName } from '../../authenticate';
import { IDEMPOTENCY_TTL_HOURS } from '../../idempotency';
import { GRANTABLE_SCOPES, SCOPES } from '../../scopes';
import { SIGNATURE_FUTURE_SECONDS, SIGNATURE_PAST_SECONDS } from '../../signature';
import type { MetaAnswer } from './shapes';

export const INTEGRATION_ERROR_CODES = (Object.keys(ERROR_CODES) as ErrorCode[]).filter(
  (c) => !NOT_INTEGRATION_CODES.has(c),
);

function constants(): z.infer<typeof MetaAnswer>['constants'] {
  return {
    fieldErrorCodes: [...FIELD_ERROR_CODES],
    states: {
      public: [...new Set(Object.values(PUBLIC_STATE))],
      api: Object.keys(PUBLIC_STATE),
      mapping: { ...PUBLIC_STATE },
    },
    scopes: GRANTABLE_SCOPES.map((name) => ({ name, description: SCOPES[name].description })),
    errorCodes: INTEGRATION_ERROR_CODES.map((code) => ({
      code,
      status: ERROR_CODES[code].status,
      retryable: ERROR_CODES[code].retryable,
    })),
  };
}

/** Only what the calling key may know about itself; the display prefix is read because the wrapper does not carry it. */
export async function describeKey(db: Db | Tx, key: AuthenticatedKey): Promise<z.infer<typeof MetaAnswer>> {
  const row = await db.apiKey.findUnique({ where: { id: key.id }, select: { displayPrefix: true } });
  return {
    key: {
      id: key.id,
      name: key.name,
      displayPrefix: row?.displayPrefix ?? '',
      mode: modeName(key.mode),
      scopes: [...key.scopes],
      allowedCidrs: [...key.allowedCidrs],
      expiresAt: key.expiresAt?.toISOString() ?? null,
      createdAt: key.createdAt.toISOString(),
    },
    limits: {
      requestsPerMinute: config().RATE_LIMIT_API_KEY_PER_MINUTE,
      idempotencyHours: IDEMPOTENCY_TTL_HOURS,
      signatureWindow: { pastSeconds: SIGNATURE_PAST_SECONDS, futureSeconds: SIGNATURE_FUTURE_SECONDS },
    },
    constants: constants(),
  };
}
