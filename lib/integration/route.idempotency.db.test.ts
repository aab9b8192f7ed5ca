import { afterAll, describe, expect, it } from 'vitest';
import {
  type CallOptions,
  executions,
  holdNextWrite,
  keyOf,
  type Route,
  signedWrite as signedProbeWrite,
  sqlWriteRoute,
  tenant,
  writeRoute,
} from '../../testing/integration-route';
import { disconnectPrisma, prisma } from '../db/client';
import { IDEMPOTENCY_WAIT_MS, purgeExpiredIdempotencyRecords } from './idempotency';

afterAll(() => disconnectPrisma());

const stableHeaders = (headers: Headers) => {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!['x-service-request-id', 'idempotent-replayed', 'ratelimit-remaining', 'ratelimit-reset'].includes(name))
      kept[name] = value;
  });
  return kept;
};

// Every promise holds for a write in Prisma's transaction and for one in a direct SQL transaction (PUT form-data).
const WRITES: [string, Route][] = [
  ['Prisma transaction', writeRoute],
  ['direct SQL transaction', sqlWriteRoute],
];

describe.each(WRITES)('promise 3: idempotency of writes (%s)', (_kind, route) => {
  const signedWrite = (key: { key: string; signingSecret: string }, o: CallOptions = {}) =>
    signedProbeWrite(key, o, route);

  it('refuses a write without Idempotency-Key 400 IDEMPOTENCY_KEY_REQUIRED, executing nothing', async () => {
    const { company, key } = await tenant();
    for (const idempotencyKey of [null, '   ', 'é'.repeat(3), 'x'.repeat(256)]) {
      const res = await signedWrite(key, { body: { name: 'a' }, idempotencyKey });
      expect([res.status, res.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    }
    expect(await executions(company.id)).toBe(0);
  });

  it('replays the original status, body and headers with Idempotent-Replayed: true, executing once', async () => {
    const { company, key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const first = await signedWrite(key, { body: { name: 'once', quantity: 2 }, idempotencyKey });
    const again = await signedWrite(key, { body: { name: 'once', quantity: 2 }, idempotencyKey });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect([again.status, again.text]).toEqual([first.status, first.text]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(stableHeaders(again.headers)).toEqual(stableHeaders(first.headers));
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('x-service-request-id')).not.toBe(first.headers.get('x-service-request-id'));
    expect(await executions(company.id)).toBe(1);
  });

  it('refuses the same key with another body or path: 400 KEY_REUSED, nothing executed', async () => {
    const { company, key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    expect((await signedWrite(key, { body: { name: 'first' }, idempotencyKey })).status).toBe(201);
    for (const other of [{ body: { name: 'second' } }, { body: { name: 'first' }, path: '/api/v1/probe?v=2' }]) {
      const res = await signedWrite(key, { ...other, idempotencyKey });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED', details: { reason: 'KEY_REUSED' } });
    }
    expect(await executions(company.id)).toBe(1);
  });

  it('executes five identical racing requests exactly once; all get the same answer', async () => {
    const { company, key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => signedWrite(key, { body: { name: 'slow' }, idempotencyKey })),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(answers[0].status).toBe(201);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await executions(company.id)).toBe(1);
  });

  it('answers a duplicate 409 IDEMPOTENCY_IN_PROGRESS (Retry-After) when the first is still running after the wait', async () => {
    const { company, key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const gate = holdNextWrite();
    const first = signedWrite(key, { body: { name: 'hold' }, idempotencyKey });
    await gate.entered;
    const started = Date.now();
    const duplicate = await signedWrite(key, { body: { name: 'hold' }, idempotencyKey });
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDEMPOTENCY_WAIT_MS - 100);
    expect([duplicate.status, duplicate.body.error.code, duplicate.headers.get('retry-after')]).toEqual([
      409,
      'IDEMPOTENCY_IN_PROGRESS',
      '1',
    ]);
    gate.release();
    expect((await first).status).toBe(201);
    const later = await signedWrite(key, { body: { name: 'hold' }, idempotencyKey });
    expect([later.status, later.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(await executions(company.id)).toBe(1);
  });

  it('records no 5xx: the partial write is rolled back and a retry with the same key executes again', async () => {
    const { company, key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await signedWrite(key, { body: { name: 'explode' }, idempotencyKey });
      expect([res.status, res.body.error.code]).toEqual([500, 'INTERNAL_ERROR']);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await executions(company.id)).toBe(0);
    expect(await prisma.idempotencyRecord.count({ where: { apiKeyId: key.id } })).toBe(0);
  });

  it('records a 4xx refusal and replays it: a body VALIDATION_ERROR and a handler 409, partial write rolled back', async () => {
    const { company, key } = await tenant();
    for (const body of [{ name: 7 }, { name: 'refuse' }]) {
      const idempotencyKey = crypto.randomUUID();
      const first = await signedWrite(key, { body, idempotencyKey });
      const again = await signedWrite(key, { body, idempotencyKey });
      expect(first.status).toBeGreaterThanOrEqual(400);
      expect([again.status, again.text]).toEqual([first.status, first.text]);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await executions(company.id)).toBe(0);
  });

  it('re-executes after the record expired, and purgeExpiredIdempotencyRecords deletes expired records only', async () => {
    const { company, key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const kept = crypto.randomUUID();
    // The first write is signed at a pinned second so the retry below can never carry the same signature.
    const signedAt = Math.floor(Date.now() / 1000);
    await signedWrite(key, { body: { name: 'old' }, idempotencyKey, sign: { timestamp: signedAt } });
    await signedWrite(key, { body: { name: 'kept' }, idempotencyKey: kept });
    const expire = () => prisma.$executeRaw`UPDATE "IdempotencyRecord" SET "expiresAt" = now() - interval '1 second'
      WHERE "apiKeyId" = ${key.id}::uuid AND "idempotencyKey" = ${idempotencyKey}`;
    await expire();
    // Signed afresh (a second before the first, still inside the window): the first signature is remembered as used.
    const sign = { timestamp: signedAt - 1 };
    const again = await signedWrite(key, { body: { name: 'old' }, idempotencyKey, sign });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(await executions(company.id)).toBe(3);
    // Other test files purge with the real clock: this record expires within the hour, judged two hours ahead.
    await prisma.$executeRaw`UPDATE "IdempotencyRecord" SET "expiresAt" = now() + interval '1 hour'
      WHERE "apiKeyId" = ${key.id}::uuid AND "idempotencyKey" = ${idempotencyKey}`;
    expect(await purgeExpiredIdempotencyRecords(prisma, new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(
      1,
    );
    const left = await prisma.idempotencyRecord.findMany({ where: { apiKeyId: key.id } });
    expect(left.map((r) => r.idempotencyKey)).toEqual([kept]);
  });

  it('scopes records per API key: the same Idempotency-Key on two keys executes twice', async () => {
    const { company, key } = await tenant();
    const second = await keyOf(company.id);
    const idempotencyKey = crypto.randomUUID();
    const a = await signedWrite(key, { body: { name: 'shared' }, idempotencyKey });
    const b = await signedWrite(second, { body: { name: 'shared' }, idempotencyKey });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(a.body.executionId).not.toBe(b.body.executionId);
    expect(await executions(company.id)).toBe(2);
  });
});
