import pino, { type DestinationStream, type Logger } from 'pino';
import { config } from '@/lib/config';

export const REDACTED = '[redacted]';

const SECRET_NAMES = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-service-bms-secret',
  'x-service-signature',
  'idempotency-key',
  'password',
  'passwordHash',
  'secret',
  'signingSecret',
  'token',
  'accessToken',
  'refreshToken',
  'apiKey',
  'key',
  'body',
  'rawBody',
];

const property = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `["${name}"]`);

/**
 * fast-redact paths: each secret name at the top level, one level down (`*.`), and under
 * `headers` / `req.headers`, so a logged header bag or error context never prints a secret.
 */
export const REDACT_PATHS = SECRET_NAMES.flatMap((name) => {
  const p = property(name);
  return [p.slice(p.startsWith('.') ? 1 : 0), `*${p}`, `headers${p}`, `*.headers${p}`, `req.headers${p}`];
});

export function createLogger(destination?: DestinationStream, level = config().LOG_LEVEL): Logger {
  return pino(
    {
      level,
      base: { service: 'battery-passport-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: pino.stdSerializers.err },
    },
    destination ?? pino.destination(1),
  );
}

let root: Logger | undefined;

/** The process-wide logger (JSON lines on stdout). Per request: `logger().child({ requestId })`. */
export function logger(): Logger {
  root ??= createLogger();
  return root;
}

/** True at most once per `intervalMs`: keeps a backend outage from writing a log line per request. */
export function everyMs(intervalMs: number): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const now = performance.now();
    if (now - last < intervalMs) return false;
    last = now;
    return true;
  };
}
