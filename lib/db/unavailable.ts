/**
 * "The database is unavailable": PostgreSQL refused or dropped the connection, a connect timed out, or the server is
 * shutting down or full. Such a failure says nothing about the request, so each surface answers it as the contract
 * lets it (the public surface 503 SERVICE_UNAVAILABLE, the Integration API and the BMS endpoint their retryable 500)
 * instead of an unexpected error, and it is logged as one line, not a stack per request.
 *
 * Prisma 7 with the pg adapter reports it in several shapes: a PrismaClientKnownRequestError whose code is one of
 * the connection codes below, carrying the adapter's error kind in `meta.driverAdapterError`; a DriverAdapterError;
 * or pg's own Error (a connect timeout, "Connection terminated unexpectedly") passed through as it is.
 */

/**
 * Prisma's codes for an unreachable database, a lost connection, a timeout, a full pool or server, and a transaction
 * that could not start or finish in its time (P2028: an overloaded pool; the transaction was rolled back).
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2037']);

/** The pg adapter's error kinds for the same. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * SQLSTATEs: connection exceptions (class 08), the server shutting down or starting up (57P01-57P03), too many
 * connections (53300).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/** pg's and pg-pool's messages for a connection that broke or never came (they carry no code). */
const PG_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
]);

type Loose = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  meta?: unknown;
  cause?: unknown;
  errorCode?: unknown;
};

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

function adapterCauseUnavailable(cause: unknown): boolean {
  if (!isObject(cause)) return false;
  if (typeof cause.kind === 'string' && ADAPTER_KINDS.has(cause.kind)) return true;
  return [cause.code, cause.originalCode].some((code) => typeof code === 'string' && SQLSTATE.test(code));
}

function oneUnavailable(error: Loose, outermost: boolean): boolean {
  const code =
    typeof error.code === 'string' ? error.code : typeof error.errorCode === 'string' ? error.errorCode : undefined;
  if (code && (PRISMA_CODES.has(code) || SQLSTATE.test(code))) return true;
  // Only pg throws a bare socket error at us; deeper in a chain it is some other client's (fetch's "fetch failed").
  if (code && outermost && SOCKET_CODES.has(code)) return true;
  const meta = isObject(error.meta) ? (error.meta as { driverAdapterError?: Loose }) : undefined;
  if (meta?.driverAdapterError && adapterCauseUnavailable(meta.driverAdapterError.cause)) return true;
  // A DriverAdapterError itself: its cause is the adapter's mapped error.
  if ((error as { name?: unknown }).name === 'DriverAdapterError' && adapterCauseUnavailable(error.cause)) return true;
  return typeof error.message === 'string' && PG_MESSAGES.has(error.message);
}

/** True when `error` (or an error in its cause chain) means the database could not be reached or was lost. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isObject(current); depth++) {
    if (oneUnavailable(current, depth === 0)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * A short name of the failure for the server log ("P1017 ConnectionClosed", "Connection terminated due to connection
 * timeout"): never SQL, parameters or a stack.
 */
export function describeDatabaseFailure(error: unknown): string {
  if (!isObject(error)) return String(error);
  const meta = isObject(error.meta) ? (error.meta as { driverAdapterError?: Loose }) : undefined;
  const cause =
    meta?.driverAdapterError?.cause ??
    ((error as { name?: unknown }).name === 'DriverAdapterError' ? error.cause : undefined);
  const kind = isObject(cause)
    ? [cause.kind, cause.code ?? cause.originalCode].filter((v) => typeof v === 'string').join(' ')
    : '';
  const code = typeof error.code === 'string' ? error.code : '';
  // Prisma's messages quote the invocation (file, line, query shape): only pg's plain messages are kept.
  const message = typeof error.message === 'string' && PG_MESSAGES.has(error.message) ? error.message : '';
  return [code, kind, message].filter(Boolean).join(' ') || (error as { name?: string }).name || 'database error';
}
