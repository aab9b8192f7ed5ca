import { decryptSecret, encryptSecret } from '../crypto/secrets';
import { type Db, prisma, type Tx } from '../db/client';
import { rowsOn, type SqlTx, UTC_NOW } from '../db/sql';
import { ServiceError } from '../errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_FORM = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyScope {
  apiKeyId: string;
  idempotencyKey: string;
  method: string;
  /** Path with query, as signed. */
  path: string;
  bodyHash: string;
  /** The endpoint answers secrets (a minted key): its stored body is encrypted at rest (AES-256-GCM). */
  sealed?: boolean;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The Idempotency-Key of a write: printable ASCII, 1 to 255 characters. */
export function requireIdempotencyKey(header: string | null): string {
  const value = header?.trim();
  if (!value)
    throw new ServiceError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'Every write needs an Idempotency-Key header (a fresh unique value per logical write).',
    );
  if (!KEY_FORM.test(value)) {
    throw new ServiceError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'The Idempotency-Key must be 1 to 255 printable ASCII characters.',
      { details: { reason: 'MALFORMED_KEY' } },
    );
  }
  return value;
}

// Headers that describe this delivery rather than the stored outcome: a replay gets fresh ones.
const PER_DELIVERY = new Set([
  'x-service-request-id',
  'x-request-id',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'warning',
  'date',
  'content-length',
  'set-cookie',
]);

export async function captureResponse(response: Response): Promise<StoredResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_DELIVERY.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  });
  return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) };
}

export function replay(stored: StoredResponse): Response {
  const headers = new Headers(stored.headers);
  headers.set('Idempotent-Replayed', 'true');
  const empty = stored.status === 204 || stored.status === 304;
  return new Response(empty ? null : (stored.body as BodyInit), { status: stored.status, headers });
}

/** The stored form of a body: as is, or for a sealed scope encrypted (base64 of the bytes, then encryptSecret). */
export function sealBody(scope: Pick<IdempotencyScope, 'sealed'>, body: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(scope.sealed ? Buffer.from(encryptSecret(Buffer.from(body).toString('base64')), 'utf8') : body);
}

export function unsealBody(scope: Pick<IdempotencyScope, 'sealed'>, stored: Uint8Array): Uint8Array {
  return scope.sealed
    ? new Uint8Array(Buffer.from(decryptSecret(Buffer.from(stored).toString('utf8')), 'base64'))
    : stored;
}

type Claim = { kind: 'execute' } | { kind: 'replay'; response: Response };

/** How long an identical request waits for the first one to finish before answering 409 IDEMPOTENCY_IN_PROGRESS. */
export const IDEMPOTENCY_WAIT_MS = 3_000;

const inProgress = () =>
  new ServiceError(
    'IDEMPOTENCY_IN_PROGRESS',
    'A request with this Idempotency-Key is still being processed; retry shortly.',
  );

/** PostgreSQL's lock_timeout (55P03), from pg directly or as the Prisma driver adapter reports it. */
function isLockTimeout(error: unknown): boolean {
  if ((error as { code?: unknown })?.code === '55P03') return true;
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: string; code?: string } } } })
    ?.meta;
  const cause = meta?.driverAdapterError?.cause;
  return cause?.originalCode === '55P03' || cause?.code === '55P03';
}

/**
 * The claim, one statement: the lock wait bounded for this transaction (set_config runs as the row to insert is
 * made, before the insert can wait on an identical request's uncommitted record), a fresh record inserted, or an
 * expired one taken over in place; a live record is left alone (no row returned), though locked until this
 * transaction ends, as ON CONFLICT DO UPDATE locks the row it considers.
 */
const CLAIM = `
  INSERT INTO "IdempotencyRecord" ("id", "apiKeyId", "idempotencyKey", "method", "path", "bodyHash", "expiresAt")
  SELECT gen_random_uuid(), $1::uuid, $2, $3, $4, $5, now() + make_interval(hours => $6::int)
  FROM (SELECT set_config('lock_timeout', $7, true)) AS "bounded"
  ON CONFLICT ("apiKeyId", "idempotencyKey") DO UPDATE SET
    "method" = EXCLUDED."method", "path" = EXCLUDED."path", "bodyHash" = EXCLUDED."bodyHash",
    "responseStatus" = NULL, "responseHeaders" = NULL, "responseBody" = NULL, "createdAt" = now(), "completedAt" = NULL,
    "expiresAt" = EXCLUDED."expiresAt"
  WHERE "IdempotencyRecord"."expiresAt" <= now()
  RETURNING "id"`;

/** The server's own lock wait again, for the handler's locks (a product row, say). */
const UNBOUND = 'SET LOCAL lock_timeout TO DEFAULT';

const EXISTING = `
  SELECT "method", "path", "bodyHash", "responseStatus", "responseHeaders", "responseBody"
  FROM "IdempotencyRecord" WHERE "apiKeyId" = $1::uuid AND "idempotencyKey" = $2`;

interface ExistingRecord {
  method: string;
  path: string;
  bodyHash: string;
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: Uint8Array | null;
}

/**
 * Claims the key inside the write's own transaction (Prisma's or a direct one). The insert takes the unique index
 * entry, so an identical request racing this one waits on it (at most IDEMPOTENCY_WAIT_MS, then 409
 * IDEMPOTENCY_IN_PROGRESS): if this transaction commits, the other sees the recorded answer and replays it; if it
 * rolls back (a 5xx), the other executes. An expired record is taken over by the new request.
 */
export async function claimIdempotencyKey(tx: Tx | SqlTx, scope: IdempotencyScope): Promise<Claim> {
  let claimed: { id: string }[];
  try {
    claimed = await rowsOn<{ id: string }>(tx, {
      name: 'idempotency-claim',
      text: CLAIM,
      values: [
        scope.apiKeyId,
        scope.idempotencyKey,
        scope.method,
        scope.path,
        scope.bodyHash,
        IDEMPOTENCY_TTL_HOURS,
        `${IDEMPOTENCY_WAIT_MS}ms`,
      ],
    });
  } catch (error) {
    throw isLockTimeout(error) ? inProgress() : error;
  }
  await rowsOn(tx, { text: UNBOUND });
  if (claimed.length > 0) return { kind: 'execute' };
  const [existing] = await rowsOn<ExistingRecord>(tx, {
    name: 'idempotency-existing',
    text: EXISTING,
    values: [scope.apiKeyId, scope.idempotencyKey],
  });
  if (!existing) throw inProgress();
  if (existing.method !== scope.method || existing.path !== scope.path || existing.bodyHash !== scope.bodyHash) {
    throw new ServiceError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'This Idempotency-Key was already used for a different request; use a fresh key for every logical write.',
      {
        details: { reason: 'KEY_REUSED' },
      },
    );
  }
  if (existing.responseStatus === null) throw inProgress();
  return {
    kind: 'replay',
    response: replay({
      status: existing.responseStatus,
      headers: existing.responseHeaders ?? {},
      body: existing.responseBody ? unsealBody(scope, new Uint8Array(existing.responseBody)) : new Uint8Array(),
    }),
  };
}

const OUTCOME = `
  UPDATE "IdempotencyRecord" SET "responseStatus" = $3::int, "responseHeaders" = $4::jsonb, "responseBody" = $5::bytea, "completedAt" = ${UTC_NOW}
  WHERE "apiKeyId" = $1::uuid AND "idempotencyKey" = $2`;

/** Stores the outcome on the claimed record, in the same transaction as the write it describes. */
export async function recordOutcome(tx: Tx | SqlTx, scope: IdempotencyScope, stored: StoredResponse): Promise<void> {
  await rowsOn(tx, {
    name: 'idempotency-outcome',
    text: OUTCOME,
    values: [
      scope.apiKeyId,
      scope.idempotencyKey,
      stored.status,
      JSON.stringify(stored.headers),
      Buffer.from(sealBody(scope, stored.body)),
    ],
  });
}

/**
 * A refusal (4xx) is an outcome too, but its transaction rolled back: it is recorded on its own afterwards.
 * If an identical request claimed the key meanwhile, that request's record stands.
 */
export async function recordRefusal(db: Db, scope: IdempotencyScope, stored: StoredResponse): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "IdempotencyRecord" ("id", "apiKeyId", "idempotencyKey", "method", "path", "bodyHash", "responseStatus",
      "responseHeaders", "responseBody", "completedAt", "expiresAt")
    VALUES (gen_random_uuid(), ${scope.apiKeyId}::uuid, ${scope.idempotencyKey}, ${scope.method}, ${scope.path}, ${scope.bodyHash},
      ${stored.status}, ${JSON.stringify(stored.headers)}::jsonb, ${Buffer.from(sealBody(scope, stored.body))}, now(), now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
    ON CONFLICT ("apiKeyId", "idempotencyKey") DO NOTHING`;
}

/** The retention job: removes expired records; returns how many. */
export async function purgeExpiredIdempotencyRecords(db: Db = prisma, now = new Date()): Promise<number> {
  const { count } = await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
