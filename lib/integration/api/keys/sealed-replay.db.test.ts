import { afterAll, describe, expect, it } from 'vitest';
import { POST as mintRoute } from '../../../../app/api/v1/keys/route';
import { call, signedWrite, tenant } from '../../../../testing/integration-route';
import { disconnectPrisma, prisma } from '../../../db/client';
import { sealBody, unsealBody } from '../../idempotency';

afterAll(() => disconnectPrisma());

const body = { name: 'ERP export', scopes: ['dpp:read'], mode: 'live' };

describe('idempotency records of endpoints that answer secrets (sensitiveResponse)', () => {
  it('round-trips a sealed body and leaves an ordinary one as it is', () => {
    const bytes = new TextEncoder().encode('{"key":"pk_live_x"}');
    const sealed = sealBody({ sealed: true }, bytes);
    expect(new TextDecoder().decode(sealed)).toMatch(/^v1:/);
    expect(unsealBody({ sealed: true }, sealed)).toEqual(bytes);
    expect(sealBody({}, bytes)).toEqual(bytes);
  });

  it('a retried mint replays the same key and secret, while the stored record holds neither in clear', async () => {
    const { company, key } = await tenant({ scopes: ['keys:admin'] });
    const idempotencyKey = crypto.randomUUID();
    const mint = () =>
      call(mintRoute, {
        apiKey: key.key,
        signingSecret: key.signingSecret,
        path: '/api/v1/keys',
        body,
        idempotencyKey,
      });
    const first = await mint();
    const again = await mint();
    expect(first.status).toBe(201);
    expect([again.status, again.text]).toEqual([201, first.text]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await prisma.apiKey.count({ where: { companyId: company.id, name: 'ERP export' } })).toBe(1);
    const record = await prisma.idempotencyRecord.findFirstOrThrow({ where: { apiKeyId: key.id, idempotencyKey } });
    const stored = Buffer.from(record.responseBody!).toString('utf8');
    expect(stored).not.toContain(first.body.key);
    expect(stored).not.toContain(first.body.signingSecret);
    expect(stored).not.toContain(first.body.key.slice(8));
  });

  it('an ordinary write keeps its record readable (only opted-in endpoints are sealed)', async () => {
    const { key } = await tenant();
    const idempotencyKey = crypto.randomUUID();
    expect((await signedWrite(key, { body: { name: 'plain' }, idempotencyKey })).status).toBe(201);
    const record = await prisma.idempotencyRecord.findFirstOrThrow({ where: { apiKeyId: key.id, idempotencyKey } });
    expect(Buffer.from(record.responseBody!).toString('utf8')).toContain('"name":"plain"');
  });
});
