import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type CallOptions,
  executions,
  holdNextWrite,
  type Route,
  signedWrite as signedProbeWrite,
  sqlWriteRoute,
  tenant,
  writeRoute,
} from '../../testing/integration-route';
import { signIntegrationRequest } from '../client/signing';
import { disconnectPrisma, prisma } from '../db/client';
import { purgeExpiredSignatures } from './replays';

afterAll(() => disconnectPrisma());

const WRITES: [string, Route][] = [
  ['Prisma transaction', writeRoute],
  ['direct SQL transaction', sqlWriteRoute],
];

type Key = { key: string; signingSecret: string };

/** The v1 value the kit's signer puts on a probe write of `body` at `timestamp`, and its SHA-256. */
function signatureOf(key: Key, body: unknown, timestamp: number) {
  const signed = signIntegrationRequest({
    method: 'POST',
    pathWithQuery: '/api/v1/probe',
    body: JSON.stringify(body),
    signingSecret: key.signingSecret,
    timestamp,
  })['X-Service-Signature'];
  const v1 = /v1=([0-9a-f]{64})/.exec(signed)![1]!;
  return { v1, digest: createHash('sha256').update(v1, 'utf8').digest('hex') };
}

describe.each(WRITES)('promise: no replayed writes (%s)', (_kind, route) => {
  const signedWrite = (key: Key, o: CallOptions = {}) => signedProbeWrite(key, o, route);
  const now = () => Math.floor(Date.now() / 1000);

  it('the same signature with a new Idempotency-Key is refused 401 INVALID_SIGNATURE (replayed), nothing runs again and the refusal is not stored under the new key', async () => {
    const { company, key } = await tenant();
    const sign = { timestamp: now() };
    const body = { name: 'captured' };
    const first = await signedWrite(key, { body, sign });
    expect(first.status).toBe(201);
    const stolenKey = crypto.randomUUID();
    const replay = await signedWrite(key, { body, sign, idempotencyKey: stolenKey });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatchObject({
      code: 'INVALID_SIGNATURE',
      details: { reason: expect.stringMatching(/already used/), replayed: true },
    });
    expect(replay.headers.get('www-authenticate')).toBe('Bearer');
    expect(await executions(company.id)).toBe(1);
    expect(await prisma.idempotencyRecord.count({ where: { apiKeyId: key.id, idempotencyKey: stolenKey } })).toBe(0);
  });

  it('the same signature with the same Idempotency-Key replays the stored answer, as before', async () => {
    const { company, key } = await tenant();
    const sign = { timestamp: now() };
    const idempotencyKey = crypto.randomUUID();
    const first = await signedWrite(key, { body: { name: 'again' }, sign, idempotencyKey });
    const again = await signedWrite(key, { body: { name: 'again' }, sign, idempotencyKey });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await executions(company.id)).toBe(1);
  });

  it('remembers the SHA-256 of the signature (never the signature) with its key and Idempotency-Key until its window ends', async () => {
    const { key } = await tenant();
    const timestamp = now();
    const idempotencyKey = crypto.randomUUID();
    expect((await signedWrite(key, { body: { name: 'kept' }, sign: { timestamp }, idempotencyKey })).status).toBe(201);
    const { v1, digest } = signatureOf(key, { name: 'kept' }, timestamp);
    const row = await prisma.usedApiSignature.findUniqueOrThrow({ where: { digest } });
    expect(row).toMatchObject({ apiKeyId: key.id, idempotencyKey });
    expect(JSON.stringify(row)).not.toContain(v1);
    // The window is 300 s past the timestamp; kept a minute beyond it for clock skew between instance and database.
    expect(row.expiresAt.getTime()).toBe((timestamp + 360) * 1000);
  });

  it('a write that fails (5xx, rolled back) leaves no record: the same signature is then accepted with another key', async () => {
    const { key } = await tenant();
    const timestamp = now();
    const exploded = await signedWrite(key, { body: { name: 'explode' }, sign: { timestamp } });
    expect(exploded.status).toBe(500);
    expect(
      await prisma.usedApiSignature.count({
        where: { digest: signatureOf(key, { name: 'explode' }, timestamp).digest },
      }),
    ).toBe(0);
  });

  it('two copies of one signed write racing with different keys: exactly one executes, the other is 401 (never a 500)', async () => {
    const { company, key } = await tenant();
    const sign = { timestamp: now() };
    const { entered, release } = holdNextWrite();
    const first = signedWrite(key, { body: { name: 'hold' }, sign });
    await entered; // the first holds its transaction open with the signature inserted, uncommitted
    const second = signedWrite(key, { body: { name: 'hold' }, sign });
    const third = signedWrite(key, { body: { name: 'hold' }, sign });
    release();
    const answers = await Promise.all([first, second, third]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 401, 401]);
    expect(await executions(company.id)).toBe(1);
  });
});

describe('purgeExpiredSignatures', () => {
  it('deletes signatures past their window only', async () => {
    const { key } = await tenant();
    const digest = (n: number) => createHash('sha256').update(`${key.id}-${n}`).digest('hex');
    await prisma.usedApiSignature.createMany({
      data: [
        { digest: digest(1), apiKeyId: key.id, idempotencyKey: 'old', expiresAt: new Date(Date.now() - 1000) },
        { digest: digest(2), apiKeyId: key.id, idempotencyKey: 'live', expiresAt: new Date(Date.now() + 300_000) },
      ],
    });
    expect(await purgeExpiredSignatures()).toBeGreaterThanOrEqual(1);
    const left = await prisma.usedApiSignature.findMany({ where: { apiKeyId: key.id } });
    expect(left.map((r) => r.idempotencyKey)).toEqual(['live']);
  });
});
