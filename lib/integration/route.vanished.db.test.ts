import { afterAll, describe, expect, it } from 'vitest';
import { executions, signedWrite, tenant } from '../../testing/integration-route';
import { disconnectPrisma } from '../db/client';
import { vanishedRecord } from './route';

afterAll(() => disconnectPrisma());

describe('a resource deleted while a write to it runs', () => {
  it('answers 404 NOT_FOUND in the envelope, not 500, rolls the write back and replays the refusal', async () => {
    const { company, key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    const res = await signedWrite(key, { body: { name: 'vanish' }, idempotencyKey });
    expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(res.body.error.requestId).toBe(res.headers.get('x-service-request-id'));
    expect(res.text).not.toMatch(/prisma|P2025|record/i);
    expect(await executions(company.id)).toBe(0);
    const again = await signedWrite(key, { body: { name: 'vanish' }, idempotencyKey });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([404, 'true']);
  });

  it('maps only Prisma P2025 (record not found); other errors stay what they are', () => {
    const p2025 = Object.assign(new Error('No record was found for an update.'), {
      name: 'PrismaClientKnownRequestError',
      code: 'P2025',
    });
    const p2002 = Object.assign(new Error('Unique constraint failed'), {
      name: 'PrismaClientKnownRequestError',
      code: 'P2002',
    });
    expect(vanishedRecord(p2025)?.code).toBe('NOT_FOUND');
    expect(vanishedRecord(p2002)).toBeNull();
    expect(vanishedRecord(Object.assign(new Error('x'), { code: 'P2025' }))).toBeNull();
    expect(vanishedRecord('P2025')).toBeNull();
  });
});
