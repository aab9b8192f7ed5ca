import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors';
import { ERROR_CODES } from './error-codes';
import {
  DATABASE_UNAVAILABLE_MESSAGES,
  INTERNAL_MESSAGE,
  renderBmsError,
  renderError,
  renderIntegrationError,
  renderPublicError,
  renderPublicFlat,
  renderPublicNested,
} from './errors';

const requestId = '0b6f3a52-6f0e-4c52-9d3c-2a4c7c1e9f10';

function capturingLog(level: pino.Level = 'error') {
  const lines: string[] = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

describe('ServiceError', () => {
  it('takes its status and retryability from the code table', async () => {
    const error = new ServiceError('LOCK_CONFLICT', 'stale', { currentLockVersion: 4 });
    const { code } = error;
    expect([ERROR_CODES[code].status, ERROR_CODES[code].retryable]).toEqual([409, false]);
    const upload = renderIntegrationError(new ServiceError('UPLOAD_FAILED', 'x'), { requestId });
    expect(upload.status).toBe(502);
  });
});

describe('public envelopes', () => {
  it('renders the flat shape {error: message, code, details} with X-Request-Id', async () => {
    const response = renderPublicFlat(new ServiceError('PRODUCT_NOT_FOUND', 'No such passport.'), { requestId });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No such passport.', code: 'PRODUCT_NOT_FOUND', details: {} });
    expect(response.headers.get('X-Request-Id')).toBe(requestId);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('renders a withdrawal as the nested shape with its members and a revalidating Cache-Control', async () => {
    const withdrawal = new ServiceError('PRODUCT_WITHDRAWN', 'This passport was withdrawn.', {
      reason: 'Recall',
      extra: {
        withdrawnAt: '2026-01-02T03:04:05.000Z',
        operatorDetails: null,
        successorUrl: '/dpp/next',
        successorName: null,
        manufacturerContact: null,
        code: 'SPOOFED',
      },
    });
    const response = renderPublicError(withdrawal, { requestId });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({
      error: {
        code: 'PRODUCT_WITHDRAWN',
        message: 'This passport was withdrawn.',
        reason: 'Recall',
        withdrawnAt: '2026-01-02T03:04:05.000Z',
        operatorDetails: null,
        successorUrl: '/dpp/next',
        successorName: null,
        manufacturerContact: null,
      },
    });
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
  });

  it('uses the nested shape for snapshot errors, with Retry-After on an integrity failure', async () => {
    const version = await renderPublicError(new ServiceError('VERSION_NOT_FOUND', 'No version 9.'), {
      requestId,
    }).json();
    expect(version).toEqual({ error: { code: 'VERSION_NOT_FOUND', message: 'No version 9.' } });
    const integrity = renderPublicNested(new ServiceError('SNAPSHOT_INTEGRITY_FAILURE', 'Not intact.'), { requestId });
    expect([integrity.status, integrity.headers.get('Retry-After'), integrity.headers.get('Cache-Control')]).toEqual([
      503,
      '60',
      'no-store',
    ]);
  });

  it("gives every 429 a Retry-After, the limiter's when it passes one", () => {
    const fallback = renderPublicError(new ServiceError('RATE_LIMITED', 'Slow down.'), { requestId });
    expect(fallback.headers.get('Retry-After')).toBe('60');
    const exact = renderPublicError(
      new ServiceError('RATE_LIMITED', 'Slow down.', { headers: { 'Retry-After': '17' } }),
      { requestId },
    );
    expect(exact.headers.get('Retry-After')).toBe('17');
  });
});

describe('Integration envelope', () => {
  it('carries requestId in the body and X-Service-Request-Id, with reason and currentLockVersion', async () => {
    const error = new ServiceError('LOCK_CONFLICT', 'Stale lockVersion.', { currentLockVersion: 7, reason: 'STALE' });
    const response = renderIntegrationError(error, { requestId });
    expect(response.headers.get('X-Service-Request-Id')).toBe(requestId);
    expect(response.headers.get('X-Request-Id')).toBeNull();
    expect(await response.json()).toEqual({
      error: {
        code: 'LOCK_CONFLICT',
        message: 'Stale lockVersion.',
        requestId,
        reason: 'STALE',
        currentLockVersion: 7,
      },
    });
  });

  it('puts fieldErrors both in the error object and under details', async () => {
    const fieldErrors = [
      { field_id: 'capacity_kwh', label: 'Capacity', code: 'WRONG_TYPE', message: 'Must be a number.' },
    ];
    const response = renderIntegrationError(
      new ServiceError('FIELD_VALIDATION_ERROR', 'Invalid fields.', { fieldErrors, details: { count: 1 } }),
      { requestId },
    );
    const body = await response.json();
    expect(response.status).toBe(422);
    expect(body.error.fieldErrors).toEqual(fieldErrors);
    expect(body.error.details).toEqual({ count: 1, fieldErrors });
  });
});

describe('BMS envelope', () => {
  it('renders {code, error, reason} with X-Request-Id', async () => {
    const response = renderBmsError(new ServiceError('BAD_SIGNATURE', 'Signature rejected.', { reason: 'EXPIRED' }), {
      requestId,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'BAD_SIGNATURE', error: 'Signature rejected.', reason: 'EXPIRED' });
    expect(response.headers.get('X-Request-Id')).toBe(requestId);
  });
});

describe('unknown errors', () => {
  const leaky = Object.assign(new Error('duplicate key value violates unique constraint "Product_gtin_key"'), {
    query: 'INSERT INTO "Product" ...',
  });

  it.each([
    ['public', 'INTERNAL_ERROR'],
    ['integration', 'INTERNAL_ERROR'],
    ['bms', 'INTERNAL'],
  ] as const)('render on the %s surface as a bare %s without internals, and are logged', async (surface, code) => {
    const { log, lines } = capturingLog();
    const response = renderError(surface, leaky, { requestId, log });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).toContain(code);
    expect(text).toContain(INTERNAL_MESSAGE);
    expect(text).not.toMatch(/duplicate key|INSERT|Product_gtin_key|stack|\n\s+at /);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ requestId, err: { message: leaky.message } });
  });

  it('maps a thrown non-Error value to INTERNAL_ERROR too', async () => {
    const { log } = capturingLog();
    const body = await renderPublicError('boom', { requestId, log }).json();
    expect(body).toEqual({ error: INTERNAL_MESSAGE, code: 'INTERNAL_ERROR', details: {} });
  });
});

describe('a lost database', () => {
  // Two of the shapes Prisma 7 with the pg adapter throws (lib/db/unavailable.db.test.ts has them all, for real).
  const closed = Object.assign(
    new Error(
      '\nInvalid `prisma.product.findFirst()` invocation in\n/app/lib/x.ts:3:1\n\nServer has closed the connection.',
    ),
    {
      name: 'PrismaClientKnownRequestError',
      code: 'P1017',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } } },
    },
  );
  const timedOut = new Error('Connection terminated due to connection timeout', {
    cause: new Error('Connection terminated unexpectedly'),
  });

  it.each([closed, timedOut])(
    'answers the public surface 503 SERVICE_UNAVAILABLE, flat, with Retry-After and no-store (%#)',
    async (error) => {
      const { log } = capturingLog('warn');
      const response = renderPublicError(error, { requestId, log });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: DATABASE_UNAVAILABLE_MESSAGES.public,
        code: 'SERVICE_UNAVAILABLE',
        details: {},
      });
      expect([response.headers.get('Retry-After'), response.headers.get('Cache-Control')]).toEqual(['30', 'no-store']);
    },
  );

  it('answers the Integration API 500 INTERNAL_ERROR and the BMS endpoint 500 INTERNAL, saying nothing was written', async () => {
    const { log } = capturingLog('warn');
    const integration = renderIntegrationError(closed, { requestId, log });
    expect(integration.status).toBe(500);
    expect(await integration.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: DATABASE_UNAVAILABLE_MESSAGES.integration, requestId },
    });
    expect(DATABASE_UNAVAILABLE_MESSAGES.integration).toMatch(/unavailable.*nothing was written.*same Idempotency-Key/);
    const bms = renderBmsError(timedOut, { requestId, log });
    expect(bms.status).toBe(500);
    expect(await bms.json()).toEqual({ code: 'INTERNAL', error: DATABASE_UNAVAILABLE_MESSAGES.bms });
  });

  it("keeps the driver's words out of the answer and logs one warning line without a stack", async () => {
    const { log, lines } = capturingLog('warn');
    const text = await renderError('integration', closed, { requestId, log }).text();
    expect(text).not.toMatch(/prisma|invocation|lib\/x\.ts|Server has closed|P1017/);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      level: 40,
      requestId,
      database: 'P1017 ConnectionClosed',
      msg: 'database unavailable',
    });
    expect(lines[0]).not.toMatch(/stack|invocation|\\n\s+at /);
  });
});
