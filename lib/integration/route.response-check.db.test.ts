import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  call,
  executions,
  PROBE_EVENT,
  probeRead,
  probeWrite,
  signedWrite,
  tenant,
} from '../../testing/integration-route';
import { disconnectPrisma, type Tx } from '../db/client';
import { ServiceError } from '../errors';
import { logger } from '../log';
import { defineEndpoint } from './endpoint';
import { json } from './respond';
import { integrationRoute } from './route';

afterAll(() => disconnectPrisma());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const ProbeAnswer = z.object({ executionId: z.uuid(), name: z.string(), quantity: z.number().int().nullable() });
const checkedWrite = defineEndpoint({
  ...probeWrite,
  response: { status: 201, description: 'Executed', schema: ProbeAnswer },
});
const checkedRead = defineEndpoint({
  ...probeRead,
  response: { status: 200, description: 'Read', schema: z.object({ limit: z.number().int() }) },
});

/**
 * Writes one execution row, then answers by its marker: `ok` the declared shape, `wrong-type` a string quantity,
 * `missing` without executionId, `extra` with a member the schema does not declare, `refuse` a 409 envelope.
 */
const writeRoute = integrationRoute(checkedWrite, async ({ ctx, db, body }) => {
  const row = await (db as Tx).auditLog.create({
    data: { companyId: ctx.companyId, eventType: PROBE_EVENT, actorRole: 'Integration', eventChannel: 'API' },
  });
  if (body.name === 'refuse') throw new ServiceError('INVALID_STATE', 'The probe refuses.');
  const answer: Record<string, unknown> = { executionId: row.id, name: body.name, quantity: body.quantity ?? null };
  if (body.name === 'wrong-type') answer.quantity = String(body.quantity);
  if (body.name === 'missing') delete answer.executionId;
  if (body.name === 'extra') answer.internalNote = 'not in the contract';
  return json(answer, 201);
});
const extraMemberRead = integrationRoute(checkedRead, async ({ query }) => json({ limit: query.limit, debug: true }));
const csvRead = integrationRoute(
  checkedRead,
  async () => new Response('a,b\r\n', { headers: { 'Content-Type': 'text/csv' } }),
);

const write = (key: { key: string; signingSecret: string }, name: string, idempotencyKey?: string) =>
  signedWrite(key, { body: { name, quantity: 3 }, idempotencyKey }, writeRoute);

describe("outside production, a success answer is checked against its endpoint's response schema", () => {
  it('lets a conforming answer and an error envelope through unchanged', async () => {
    const { company, key } = await tenant();
    const ok = await write(key, 'ok');
    expect([ok.status, ok.body.name, ok.body.quantity]).toEqual([201, 'ok', 3]);
    const refused = await write(key, 'refuse');
    expect([refused.status, refused.body.error.code]).toEqual([409, 'INVALID_STATE']);
    expect(await executions(company.id)).toBe(1);
  });

  it('answers 500 INTERNAL_ERROR for a wrong type, a missing member or an undeclared one, and rolls the write back', async () => {
    const { company, key } = await tenant();
    for (const name of ['wrong-type', 'missing', 'extra']) {
      const res = await write(key, name);
      expect([res.status, res.body.error.code], name).toEqual([500, 'INTERNAL_ERROR']);
      expect(res.text, name).not.toContain('not in the contract');
    }
    expect(await executions(company.id)).toBe(0);
  });

  it('records nothing for the Idempotency-Key, so the same write retried executes again', async () => {
    const { company, key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    expect((await write(key, 'extra', idempotencyKey)).status).toBe(500);
    expect((await write(key, 'extra', idempotencyKey)).headers.get('idempotent-replayed')).toBeNull();
    expect(await executions(company.id)).toBe(0);
  });

  it('logs the endpoint and each problem with its path', async () => {
    const { key } = await tenant();
    const error = vi.spyOn(logger(), 'error');
    await write(key, 'wrong-type');
    const [fields] = error.mock.calls.find(([, message]) => message === 'response does not match its declared schema')!;
    expect(fields).toMatchObject({
      endpoint: 'POST /api/v1/probe',
      status: 201,
      problems: [{ path: 'quantity', message: expect.stringContaining('number') }],
    });
  });

  it('checks reads too, and leaves answers of another media type alone', async () => {
    const { key } = await tenant();
    const read = await call(extraMemberRead, { method: 'GET', apiKey: key.key });
    expect([read.status, read.body.error.code]).toEqual([500, 'INTERNAL_ERROR']);
    const csv = await call(csvRead, { method: 'GET', apiKey: key.key });
    expect([csv.status, csv.text]).toEqual([200, 'a,b\r\n']);
  });
});

describe('in production', () => {
  it('runs no check: the same wrong answer goes out as the handler made it', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const { company, key } = await tenant();
    const res = await write(key, 'extra');
    expect([res.status, res.body.internalNote]).toEqual([201, 'not in the contract']);
    expect(await executions(company.id)).toBe(1);
  });
});
