import type { z } from 'zod';
import { sha256Hex } from '../crypto/secrets';
import { type Db, prisma, type Tx } from '../db/client';
import { type SqlTx, sqlTransaction } from '../db/sql';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { BodyUnreadable, readBoundedBody } from '../http/bounded-body';
import { clientAddressFromHeaders } from '../http/client-address';
import { statusOf } from '../http/error-codes';
import { renderIntegrationError } from '../http/errors';
import { edgeLimitFromHeaders, limit, type RateLimitResult, rateLimitHeaders, tightestLimit } from '../http/rate-limit';
import { requestIdFrom } from '../http/request-id';
import {
  type AuthenticatedKey,
  authenticateKey,
  checkModeHeader,
  keyWarning,
  MODE_HEADER,
  modeName,
} from './authenticate';
import { DEFAULT_MAX_BODY_BYTES, type Endpoint, isWrite } from './endpoint';
import {
  captureResponse,
  claimIdempotencyKey,
  IDEMPOTENCY_HEADER,
  type IdempotencyScope,
  recordOutcome,
  recordRefusal,
  requireIdempotencyKey,
} from './idempotency';
import { parseJsonBody, parseQuery, requireNoBody, requireStorablePathParameters } from './input';
import { signingSecretOf } from './keys';
import { rememberSignature } from './replays';
import { checkResponse, responsesChecked } from './response-check';
import { keyHasScope } from './scopes';
import { SIGNATURE_HEADER, verifyIntegrationSignature } from './signature';

export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded. Retry after the number of seconds in the Retry-After header.';
const WRITE_TIMEOUT_MS = 30_000;

type BodyOf<E> = E extends Endpoint<infer B, z.ZodType> ? (B extends z.ZodType ? z.output<B> : undefined) : undefined;
type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q> ? z.output<Q> : Record<string, never>;

export interface IntegrationCall<E extends Endpoint, P> {
  request: Request;
  url: URL;
  requestId: string;
  key: AuthenticatedKey;
  /** The tenant and actor every domain verb takes; the company is the key's, always. */
  ctx: DomainContext;
  /** The write's transaction (shared with its idempotency record), or the client for reads. Pass it to verbs. */
  db: Db | Tx;
  /**
   * An endpoint with `sqlTransaction` writes in a direct SQL transaction (lib/db/sql.ts), shared with its idempotency
   * record: this one, passed to verbs written in SQL; `db` is then the client, outside the transaction. Else null.
   */
  sql: SqlTx | null;
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: P;
  rawBody: Uint8Array;
}

interface Outgoing {
  requestId: string;
  mode: 'live' | 'test';
  rateLimit?: RateLimitResult;
  warning?: string | null;
}

/** Response.redirect() and fetched responses have immutable headers: such an answer is copied once. */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.delete('X-Service-Request-Id');
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

function decorate(original: Response, out: Outgoing): Response {
  const response = withMutableHeaders(original);
  response.headers.set('X-Service-Request-Id', out.requestId);
  // Every 401 names the scheme (RFC 9110), also the ones about the signature or the client address.
  if (response.status === 401 && !response.headers.has('WWW-Authenticate'))
    response.headers.set('WWW-Authenticate', 'Bearer');
  response.headers.set('X-Service-Mode', out.mode);
  if (out.rateLimit)
    for (const [name, value] of Object.entries(rateLimitHeaders(out.rateLimit))) response.headers.set(name, value);
  if (out.warning) response.headers.set('Warning', out.warning);
  return response;
}

/** Before the key is known, the mode its prefix claims (a 401 still says which mode it was judged in). */
const claimedMode = (authorization: string | null): 'live' | 'test' =>
  /\bpk_test_/.test(authorization ?? '') ? 'test' : 'live';

/**
 * A row that vanished between a handler's lookup and its write (the same resource deleted by a concurrent
 * request): Prisma reports P2025. The resource is gone, so the answer is the one its absence gets, 404 NOT_FOUND,
 * never a 500.
 */
export function vanishedRecord(error: unknown): ServiceError | null {
  if (
    !(error instanceof Error) ||
    error.name !== 'PrismaClientKnownRequestError' ||
    (error as { code?: unknown }).code !== 'P2025'
  )
    return null;
  return new ServiceError('NOT_FOUND', 'The resource no longer exists: it was removed while this request ran.', {
    cause: error,
  });
}

/** A body whose connection broke mid-way is a malformed request (nobody is left to read the answer), not a 500. */
function unreadableBody(error: unknown): ServiceError | null {
  return error instanceof BodyUnreadable ? new ServiceError('MALFORMED_BODY', error.message, { cause: error }) : null;
}

/** Best effort and at most once a minute per key: a failed update never fails the request. */
async function touchKey(key: AuthenticatedKey): Promise<void> {
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() < 60_000) return;
  await prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
}

/**
 * The one wrapper of Integration API routes. In order: bearer key (with company and CIDR checks), mode header,
 * per-key rate limit, then for writes the signature and Idempotency-Key, then scope, live-only, body and query,
 * and the handler; outside production its JSON answer is checked against the endpoint's response schema
 * (response-check.ts). A write runs in one transaction together with its idempotency record.
 */
export function integrationRoute<E extends Endpoint, P = Record<string, never>>(
  endpoint: E,
  handler: (call: IntegrationCall<E, P>) => Promise<Response>,
) {
  return async function route(request: Request, context: { params: Promise<P> }): Promise<Response> {
    const authorization = request.headers.get('authorization');
    const out: Outgoing = {
      requestId: requestIdFrom(request.headers),
      mode: claimedMode(authorization),
      rateLimit: edgeLimitFromHeaders(request.headers),
    };
    let response: Response;
    try {
      const key = await authenticateKey({ authorization, clientAddress: clientAddressFromHeaders(request.headers) });
      out.mode = modeName(key.mode);
      out.warning = keyWarning(key);
      checkModeHeader(key.mode, request.headers.get(MODE_HEADER));
      const own = await limit('apiKey', key.id);
      out.rateLimit = tightestLimit(out.rateLimit, own);
      if (!own.success) throw new ServiceError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
      await touchKey(key);
      const url = new URL(request.url);
      const run: Run = (db, sql, rawBody) =>
        execute(endpoint, handler, {
          request,
          url,
          key,
          db,
          sql,
          rawBody,
          params: context.params,
          requestId: out.requestId,
        });
      response = isWrite(request.method)
        ? await runWrite(request, url, key, out.requestId, run, endpoint)
        : await run(prisma, null, new Uint8Array());
    } catch (error) {
      response = renderIntegrationError(unreadableBody(error) ?? vanishedRecord(error) ?? error, {
        requestId: out.requestId,
      });
    }
    return decorate(response, out);
  };
}

type Run = (db: Db | Tx, sql: SqlTx | null, rawBody: Uint8Array) => Promise<Response>;

interface Execution<P> {
  request: Request;
  url: URL;
  key: AuthenticatedKey;
  db: Db | Tx;
  sql: SqlTx | null;
  rawBody: Uint8Array;
  params: Promise<P>;
  requestId: string;
}

async function execute<E extends Endpoint, P>(
  endpoint: E,
  handler: (call: IntegrationCall<E, P>) => Promise<Response>,
  x: Execution<P>,
) {
  const { key } = x;
  // Mode before scope: a sandbox key can never hold a live-only scope (gdpr:admin), and the contract answers it
  // CROSS_MODE_DENIED rather than FORBIDDEN_SCOPE.
  if (endpoint.liveOnly && key.mode === 'TEST')
    throw new ServiceError('CROSS_MODE_DENIED', 'This operation is available to live keys only.');
  if (endpoint.scope && endpoint.scope !== 'any' && !keyHasScope(key.scopes, endpoint.scope)) {
    throw new ServiceError('FORBIDDEN_SCOPE', `This key lacks the ${endpoint.scope} scope.`, {
      details: { requiredScope: endpoint.scope },
    });
  }
  let body: unknown;
  if (endpoint.body === 'none') requireNoBody(x.rawBody);
  else if (endpoint.body && endpoint.body !== 'multipart')
    body = parseJsonBody(x.rawBody, x.request.headers.get('content-type'), endpoint.body);
  const query = endpoint.query ? parseQuery(x.url, endpoint.query) : {};
  const params = await x.params;
  requireStorablePathParameters(params);
  const ctx: DomainContext = {
    companyId: key.companyId,
    actor: { role: 'Integration', id: key.id, channel: 'API' },
    mode: key.mode,
  };
  const response = await handler({
    request: x.request,
    url: x.url,
    requestId: x.requestId,
    key,
    ctx,
    db: x.db,
    sql: x.sql,
    rawBody: x.rawBody,
    body: body as BodyOf<E>,
    query: query as QueryOf<E>,
    params,
  });
  // Inside the write's transaction: an answer that breaks the contract rolls its write back and is never recorded.
  if (endpoint.response.schema && responsesChecked())
    await checkResponse(`${endpoint.method} ${endpoint.path}`, endpoint.response.schema, response);
  return response;
}

/** Carries a 5xx answer out of the transaction so it rolls back and is not recorded. */
class RollBack extends Error {
  constructor(readonly response: Response) {
    super('rolled back');
  }
}

interface BodyLimit {
  bytes: number;
  /** Multipart uploads answer 422 FILE_INVALID; JSON bodies 400 MALFORMED_BODY. */
  code: 'FILE_INVALID' | 'MALFORMED_BODY';
}

function bodyLimitOf(endpoint: Endpoint): BodyLimit {
  const bytes =
    typeof endpoint.maxBodyBytes === 'function'
      ? endpoint.maxBodyBytes()
      : (endpoint.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  return { bytes, code: endpoint.body === 'multipart' ? 'FILE_INVALID' : 'MALFORMED_BODY' };
}

/** The write body, abandoned as soon as it passes the endpoint's limit (lib/http/bounded-body.ts). */
function readWriteBody(request: Request, limit: BodyLimit): Promise<Uint8Array> {
  return readBoundedBody(
    request,
    limit.bytes,
    () =>
      new ServiceError(limit.code, `The request body exceeds the limit of ${limit.bytes} bytes.`, {
        details: { maxBytes: limit.bytes },
      }),
  );
}

async function runWrite(
  request: Request,
  url: URL,
  key: AuthenticatedKey,
  requestId: string,
  run: Run,
  endpoint: Endpoint,
) {
  const rawBody = await readWriteBody(request, bodyLimitOf(endpoint));
  const pathWithQuery = url.pathname + url.search;
  const signature = verifyIntegrationSignature({
    header: request.headers.get(SIGNATURE_HEADER),
    method: request.method,
    pathWithQuery,
    rawBody,
    secret: signingSecretOf(key),
  });
  const scope: IdempotencyScope = {
    apiKeyId: key.id,
    idempotencyKey: requireIdempotencyKey(request.headers.get(IDEMPOTENCY_HEADER)),
    method: request.method,
    path: pathWithQuery,
    bodyHash: sha256Hex(rawBody),
    sealed: endpoint.sensitiveResponse === true,
  };
  /**
   * The claim, the signature remembered, the handler and the recorded outcome, in the one transaction `tx`. The
   * claim comes first: the same signature with the same key replays the stored answer; a signature already
   * accepted with another key is a replayed capture, refused 401 INVALID_SIGNATURE before the handler runs.
   */
  const write = async (tx: Tx | SqlTx, execute: () => Promise<Response>) => {
    const claim = await claimIdempotencyKey(tx, scope);
    if (claim.kind === 'replay') return claim.response;
    await rememberSignature(tx, { apiKeyId: key.id, idempotencyKey: scope.idempotencyKey, signature });
    const stored = await captureResponse(await execute());
    const response = new Response(stored.status === 204 ? null : (stored.body as BodyInit), {
      status: stored.status,
      headers: stored.headers,
    });
    if (stored.status >= 500) throw new RollBack(response);
    await recordOutcome(tx, scope, stored);
    return response;
  };
  try {
    if (endpoint.sqlTransaction)
      return await sqlTransaction((tx) => write(tx, () => run(prisma, tx, rawBody)), {
        statementTimeoutMs: WRITE_TIMEOUT_MS,
      });
    return await prisma.$transaction((tx) => write(tx, () => run(tx, null, rawBody)), {
      timeout: WRITE_TIMEOUT_MS,
      maxWait: 10_000,
    });
  } catch (thrown) {
    if (thrown instanceof RollBack) return thrown.response;
    const error = vanishedRecord(thrown) ?? thrown;
    // A replayed signature is a refusal of the delivery, like every other signature refusal: never stored.
    if (
      !(error instanceof ServiceError) ||
      statusOf(error.code) >= 500 ||
      error.code === 'IDEMPOTENCY_IN_PROGRESS' ||
      error.code === 'INVALID_SIGNATURE'
    )
      throw error;
    const refusal = renderIntegrationError(error, { requestId });
    await recordRefusal(prisma, scope, await captureResponse(refusal.clone()));
    return refusal;
  }
}
