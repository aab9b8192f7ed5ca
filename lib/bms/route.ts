import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ServiceError } from '../errors';
import { BodyUnreadable, readWholeBody } from '../http/bounded-body';
import { renderBmsError, toServiceError } from '../http/errors';
import { edgeLimitFromHeaders, limit, type RateLimitResult, rateLimitHeaders, tightestLimit } from '../http/rate-limit';
import { requestIdFrom } from '../http/request-id';
import { checkResponse, ResponseMismatch, responsesChecked } from '../integration/response-check';
import { logger } from '../log';
import { requireBmsSecret } from './authorize';
import { BMS_INTERNAL_MESSAGE, RATE_LIMITED_MESSAGE } from './messages';
import type { ActiveBmsSecret } from './secrets';
import { BMS_SECRET_HEADER, BMS_SIGNATURE_HEADER, type VerifiedBmsSignature, verifyBmsSignature } from './signature';

export interface BmsCall<P> {
  request: Request;
  requestId: string;
  /** The active secret the request presented and signed with. */
  secret: ActiveBmsSecret;
  /** The exact bytes the signature covers; parse these, never the request again. */
  rawBody: Uint8Array;
  /** The verified signature: the report's timestamp and the digest a replay would repeat. */
  signature: VerifiedBmsSignature;
  params: P;
}

export interface BmsRouteOptions {
  /** The per-secret limit; the shared limiter's `bmsSecret` policy unless a test hands its own. */
  limitSecret?: (secretId: string) => Promise<RateLimitResult>;
  /** The success answer's schema (the one the BMS OpenAPI document shows): checked outside production. */
  response?: { label: string; schema: z.ZodType };
}

/** Anything that is not a ServiceError is logged here and answers 500 INTERNAL; internals never leave. */
function asServiceError(error: unknown, requestId: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof BodyUnreadable) return new ServiceError('BAD_BODY', error.message);
  // A lost database: one warning line per request, not a stack per device while it lasts.
  if (isDatabaseUnavailable(error)) return toServiceError(error, { requestId }, 'bms');
  // Logged where it was found (response-check.ts); the update itself had committed, so "rolled back" would be wrong.
  if (error instanceof ResponseMismatch) return new ServiceError('INTERNAL', BMS_INTERNAL_MESSAGE);
  logger().error({ err: error, requestId }, 'BMS update failed; rolled back');
  return new ServiceError('INTERNAL', BMS_INTERNAL_MESSAGE);
}

/**
 * The one wrapper of the BMS surface. In order: the secret (MISSING_SECRET, BAD_SECRET), the signature over the
 * raw bytes before any parsing (BAD_SIGNATURE), the per-secret limit (429), then the handler, whose answer is
 * checked against `options.response` outside production (the update has committed by then). Every answer carries
 * X-Request-Id and the tightest of the edge and per-secret RateLimit-*; errors are `{code, error, reason?}`.
 */
export function bmsRoute<P>(handler: (call: BmsCall<P>) => Promise<Response>, options: BmsRouteOptions = {}) {
  const limitSecret = options.limitSecret ?? ((secretId: string) => limit('bmsSecret', secretId));
  return async function route(request: Request, context: { params: Promise<P> }): Promise<Response> {
    const requestId = requestIdFrom(request.headers);
    let rateLimit = edgeLimitFromHeaders(request.headers);
    let response: Response;
    try {
      const presented = request.headers.get(BMS_SECRET_HEADER);
      const secret = await requireBmsSecret(presented);
      const rawBody = await readWholeBody(request);
      const signature = verifyBmsSignature({
        header: request.headers.get(BMS_SIGNATURE_HEADER),
        rawBody,
        secret: presented!,
      });
      const own = await limitSecret(secret.id);
      rateLimit = tightestLimit(rateLimit, own);
      if (!own.success) throw new ServiceError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
      response = await handler({ request, requestId, secret, rawBody, signature, params: await context.params });
      if (options.response && responsesChecked())
        await checkResponse(options.response.label, options.response.schema, response);
    } catch (error) {
      response = renderBmsError(asServiceError(error, requestId), { requestId });
    }
    response.headers.set('X-Request-Id', requestId);
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
    if (rateLimit)
      for (const [name, value] of Object.entries(rateLimitHeaders(rateLimit))) response.headers.set(name, value);
    return response;
  };
}
