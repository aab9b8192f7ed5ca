import type { Tx } from '../db/client';
import type { PoliRequestStatus } from '../db/generated/enums';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales';
import { isUuid } from '../ids';

/**
 * The tenant's request with its passport and company, its row locked for the rest of the transaction so two
 * reviewers deciding at once act one after the other. Another tenant's request is 404, like an unknown one.
 */
export async function loadPoliRequestForUpdate(tx: Tx, ctx: DomainContext, requestId: string) {
  if (!isUuid(requestId)) throw new ServiceError('INVALID_ID', 'The request id is not a valid UUID.');
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "PoliRequest" WHERE "id" = ${requestId}::uuid AND "companyId" = ${ctx.companyId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new ServiceError('NOT_FOUND', 'No such access request.');
  return tx.poliRequest.findUniqueOrThrow({
    where: { id: requestId },
    include: { company: { select: { name: true } }, product: { select: { name: true } } },
  });
}

/** 409 INVALID_STATE with reason INVALID_TRANSITION unless the request is in one of `allowed`. */
export function requireStatus(
  request: { status: PoliRequestStatus },
  allowed: PoliRequestStatus[],
  action: string,
): void {
  if (!allowed.includes(request.status)) {
    throw new ServiceError('INVALID_STATE', `Cannot ${action} a request in status ${request.status}.`, {
      reason: 'INVALID_TRANSITION',
      details: { status: request.status, allowedStatuses: allowed },
    });
  }
}

/** The language the requester's mails are written in: the request form's (English for a value no longer known). */
export function requestLocaleOf(request: { locale: string }): Locale {
  return isLocale(request.locale) ? request.locale : DEFAULT_LOCALE;
}
