import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { bmsTenant, callBms } from '../../testing/bms';
import { disconnectPrisma } from '../db/client';
import { bmsRoute } from './route';
import { BMS_UPDATE_PATH, BmsUpdateResult } from './schemas';

afterAll(() => disconnectPrisma());
afterEach(() => vi.unstubAllEnvs());

/** A BMS route whose handler answers a result without `counterUpdated`, as a regression would. */
const wrongShapeRoute = bmsRoute<{ id: string }>(
  async ({ params }) => Response.json({ ok: true, productId: params.id, appliedKeys: [], rejectedKeys: [] }),
  { response: { label: `POST ${BMS_UPDATE_PATH}`, schema: BmsUpdateResult } },
);

describe("the BMS route checks a success answer against the endpoint's result schema", () => {
  it('answers 500 INTERNAL outside production when the handler answers another shape', async () => {
    const { product, secret } = await bmsTenant();
    const res = await callBms(wrongShapeRoute, { productId: product.id, body: {}, secret });
    expect([res.status, res.body.code]).toEqual([500, 'INTERNAL']);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('runs no check in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const { product, secret } = await bmsTenant();
    const res = await callBms(wrongShapeRoute, { productId: product.id, body: {}, secret });
    expect([res.status, res.body.counterUpdated]).toEqual([200, undefined]);
  });
});
