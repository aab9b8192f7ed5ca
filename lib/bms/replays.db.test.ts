import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { bmsTenant, callBms } from '../../testing/bms';
import { disconnectPrisma, prisma } from '../db/client';
import { postBmsUpdate } from './endpoint';
import { purgeExpiredBmsSignatures } from './replays';
import { revokeBmsSecret } from './secrets';
import { bmsSignatureHex } from './signature';

afterAll(() => disconnectPrisma());

const now = () => Math.floor(Date.now() / 1000);
const updates = (productId: string) =>
  prisma.auditLog.count({ where: { productId, eventContext: { path: ['source'], equals: 'bms-webhook' } } });
const stored = (productId: string) =>
  prisma.product.findUniqueOrThrow({ where: { id: productId }, include: { lifetimeCounters: true } });
const report = (soh: number, energy: number) => ({
  formDataPatch: { current_soh_pct: soh },
  lifetimeCounters: { totalEnergyThroughputKwh: energy },
});
const digestOf = (secret: string, timestamp: number, body: unknown) =>
  createHash('sha256')
    .update(bmsSignatureHex(secret, timestamp, JSON.stringify(body)), 'utf8')
    .digest('hex');

describe('promise: no replayed BMS reports', () => {
  it('a report sent again inside its window is refused 401 BAD_SIGNATURE (replayed) and writes nothing', async () => {
    const { product, secret } = await bmsTenant();
    const timestamp = now();
    const body = report(93, 100);
    expect((await callBms(postBmsUpdate, { productId: product.id, secret, body, timestamp })).status).toBe(200);
    const before = await stored(product.id);
    const replay = await callBms(postBmsUpdate, { productId: product.id, secret, body, timestamp });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ code: 'BAD_SIGNATURE', error: expect.any(String), reason: 'replayed' });
    const after = await stored(product.id);
    expect([after.formData, after.updatedAt, after.revision]).toEqual([
      before.formData,
      before.updatedAt,
      before.revision,
    ]);
    expect(await updates(product.id)).toBe(1);
  });

  it('a captured older report replayed after a newer one is refused: the newer values stay (the roll-back attack)', async () => {
    const { product, secret } = await bmsTenant();
    const t = now();
    const older = { productId: product.id, secret, body: report(91, 100), timestamp: t - 20 };
    expect((await callBms(postBmsUpdate, older)).status).toBe(200);
    expect((await callBms(postBmsUpdate, { ...older, body: report(87, 120), timestamp: t - 10 })).status).toBe(200);
    const replay = await callBms(postBmsUpdate, older);
    expect([replay.status, replay.body.reason]).toEqual([401, 'replayed']);
    const after = await stored(product.id);
    expect((after.formData as Record<string, unknown>).current_soh_pct).toBe(87);
    expect(after.lifetimeCounters?.totalEnergyThroughputKwh).toBe(120);
  });

  it('a report older than the newest applied one (never sent before) is answered 200 superseded and overwrites nothing', async () => {
    const { product, secret } = await bmsTenant();
    const t = now();
    expect(
      (await callBms(postBmsUpdate, { productId: product.id, secret, body: report(87, 120), timestamp: t })).status,
    ).toBe(200);
    const before = await stored(product.id);
    const late = await callBms(postBmsUpdate, {
      productId: product.id,
      secret,
      body: { ...report(95, 90), formDataPatch: { current_soh_pct: 95, model_number: 'X' } },
      timestamp: t - 30,
    });
    expect(late.status).toBe(200);
    expect(late.body).toEqual({
      ok: true,
      productId: product.id,
      appliedKeys: [],
      rejectedKeys: ['model_number'],
      counterUpdated: false,
      superseded: true,
    });
    const after = await stored(product.id);
    expect(after.formData).toEqual(before.formData);
    expect(after.lifetimeCounters).toEqual(before.lifetimeCounters);
    expect([after.updatedAt, after.revision]).toEqual([before.updatedAt, before.revision]);
    expect(after.bmsReportedAt?.getTime()).toBe(t * 1000);
    expect(await updates(product.id)).toBe(1);
    // A report of the same second as the newest is not older: it applies (two reports may share a second).
    const same = await callBms(postBmsUpdate, { productId: product.id, secret, body: report(86, 121), timestamp: t });
    expect([same.status, same.body.appliedKeys, same.body.superseded]).toEqual([200, ['current_soh_pct'], undefined]);
  });

  it('copies of one report sent at once: exactly one is applied, the others are 401 (never a 500)', async () => {
    const { product, secret } = await bmsTenant();
    const timestamp = now();
    const body = report(80, 200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => callBms(postBmsUpdate, { productId: product.id, secret, body, timestamp })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    expect(await updates(product.id)).toBe(1);
  });

  it('reports racing out of order: the newest one stays, whichever the database applies last', async () => {
    const { product, secret } = await bmsTenant();
    const t = now();
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        callBms(postBmsUpdate, { productId: product.id, secret, body: report(90 - i, 100 + i), timestamp: t - 30 + i }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await stored(product.id);
    expect((after.formData as Record<string, unknown>).current_soh_pct).toBe(85);
    expect(after.lifetimeCounters?.totalEnergyThroughputKwh).toBe(105);
  });

  it('remembers the SHA-256 of an accepted report signature for its window; a refused report leaves none', async () => {
    const { company, product, secret, secretId } = await bmsTenant();
    const timestamp = now();
    const body = report(70, 300);
    expect((await callBms(postBmsUpdate, { productId: product.id, secret, body, timestamp })).status).toBe(200);
    const row = await prisma.usedBmsSignature.findUniqueOrThrow({
      where: { digest: digestOf(secret, timestamp, body) },
    });
    expect(row).toMatchObject({ secretId, productId: product.id });
    expect(row.expiresAt.getTime()).toBe((timestamp + 360) * 1000);
    await revokeBmsSecret(prisma, {
      companyId: company.id,
      secretId,
      actor: { role: 'System', id: 'test', channel: 'System' },
    });
    const other = report(69, 301);
    expect((await callBms(postBmsUpdate, { productId: product.id, secret, body: other, timestamp })).status).toBe(401);
    expect(await prisma.usedBmsSignature.count({ where: { digest: digestOf(secret, timestamp, other) } })).toBe(0);
  });
});

describe('purgeExpiredBmsSignatures', () => {
  it('deletes report signatures past their window only', async () => {
    const { product, secretId } = await bmsTenant();
    const digest = (n: number) => createHash('sha256').update(`${product.id}-${n}`).digest('hex');
    await prisma.usedBmsSignature.createMany({
      data: [
        { digest: digest(1), secretId, productId: product.id, expiresAt: new Date(Date.now() - 1000) },
        { digest: digest(2), secretId, productId: product.id, expiresAt: new Date(Date.now() + 300_000) },
      ],
    });
    expect(await purgeExpiredBmsSignatures()).toBeGreaterThanOrEqual(1);
    const left = await prisma.usedBmsSignature.findMany({ where: { productId: product.id } });
    expect(left.map((r) => r.digest)).toEqual([digest(2)]);
  });
});
