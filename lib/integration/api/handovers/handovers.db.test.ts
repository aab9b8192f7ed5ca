// Handover between operators over the Integration API (docs/decisions.md, "Handover between operators"): offer,
// accept, decline and an expired offer between two companies, the scope, and tenant isolation (404 for any company
// but the two sides; the accept and decline of the receiving side only).
import { afterAll, describe, expect, it } from 'vitest';
import { POST as acceptRoute } from '../../../../app/api/v1/handovers/[id]/accept/route';
import { POST as declineRoute } from '../../../../app/api/v1/handovers/[id]/decline/route';
import { GET as getRoute } from '../../../../app/api/v1/handovers/[id]/route';
import { GET as listRoute } from '../../../../app/api/v1/handovers/route';
import { POST as offerRoute } from '../../../../app/api/v1/products/[id]/handover/route';
import { createPublishedPassport, createTestCompany, mintTestKey } from '../../../../testing/factories';
import { buildRequest } from '../../../../testing/integration-route';
import { disconnectPrisma, prisma } from '../../../db/client';
import type { Scope } from '../../scopes';

afterAll(() => disconnectPrisma());

type Key = { key: string; signingSecret: string };
type IdRoute = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

async function send(route: IdRoute, key: Key, method: string, path: string, id: string, body?: unknown) {
  const request = buildRequest({ method, path, apiKey: key.key, signingSecret: key.signingSecret, body });
  const response = await route(request, { params: Promise.resolve({ id }) });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function company(scopes: Scope[] = ['dpp:handover']) {
  const row = await createTestCompany(prisma);
  return { company: row, key: await mintTestKey(prisma, row.id, { scopes, mode: 'live' }) };
}

async function setting() {
  const from = await company();
  const to = await company();
  const original = await createPublishedPassport(prisma, { companyId: from.company.id });
  return { from, to, original };
}

const offer = (key: Key, productId: string, body: Record<string, unknown>) =>
  send(offerRoute, key, 'POST', `/api/v1/products/${productId}/handover`, productId, body);
const accept = (key: Key, id: string, body: Record<string, unknown> = {}) =>
  send(acceptRoute, key, 'POST', `/api/v1/handovers/${id}/accept`, id, body);
const decline = (key: Key, id: string, body: Record<string, unknown> = {}) =>
  send(declineRoute, key, 'POST', `/api/v1/handovers/${id}/decline`, id, body);
const read = (key: Key, id: string) => send(getRoute, key, 'GET', `/api/v1/handovers/${id}`, id);

describe('handover over the Integration API', () => {
  it('accepted: 201 offer with its Location, the receiver lists it and accepts it into a draft of its own', async () => {
    const { from, to, original } = await setting();
    const offered = await offer(from.key, original.id, { reason: 'repurposed', toCompany: to.company.slug });
    expect(offered.status).toBe(201);
    expect(offered.headers.get('location')).toBe(`/api/v1/handovers/${offered.body.id}`);
    expect(offered.body).toMatchObject({
      status: 'offered',
      direction: 'outgoing',
      toCompany: { slug: to.company.slug },
    });

    const listed = await listRoute(
      buildRequest({ method: 'GET', path: '/api/v1/handovers?direction=incoming', apiKey: to.key.key }),
      { params: Promise.resolve({}) },
    );
    const list = await listed.json();
    expect(list.data.map((h: { id: string }) => h.id)).toEqual([offered.body.id]);

    const accepted = await accept(to.key, offered.body.id, { name: `Second life ${original.name}` });
    expect(accepted.status).toBe(200);
    expect(accepted.body.handover.status).toBe('accepted');
    expect(accepted.body.product).toMatchObject({
      state: 'DRAFT',
      publicState: 'draft',
      name: `Second life ${original.name}`,
    });
    const draft = await prisma.product.findUniqueOrThrow({ where: { id: accepted.body.product.id } });
    expect(draft.companyId).toBe(to.company.id);
    // The offering side reads the handover, never the receiver's draft id.
    const seen = await read(from.key, offered.body.id);
    expect(seen.body.successor).toEqual({ id: null, slug: null, url: null, published: false });
  });

  it('declined: 200 with status declined; answering again is 409 INVALID_STATE', async () => {
    const { from, to, original } = await setting();
    const offered = await offer(from.key, original.id, { reason: 'remanufactured', toCompany: to.company.slug });
    const declined = await decline(to.key, offered.body.id, { reason: 'Not our chemistry.' });
    expect([declined.status, declined.body.status]).toEqual([200, 'declined']);
    const again = await accept(to.key, offered.body.id);
    expect([again.status, again.body.error.code]).toEqual([409, 'INVALID_STATE']);
  });

  it('expired: an offer past its 30 days reads expired and accepting it is 409 INVALID_STATE', async () => {
    const { from, to, original } = await setting();
    const offered = await offer(from.key, original.id, { reason: 'prepared_for_reuse', toCompany: to.company.slug });
    await prisma.handover.update({ where: { id: offered.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await read(to.key, offered.body.id)).body.status).toBe('expired');
    const late = await accept(to.key, offered.body.id);
    expect([late.status, late.body.error.code, late.body.error.details]).toEqual([
      409,
      'INVALID_STATE',
      { status: 'expired' },
    ]);
  });

  it('tenant isolation: another company gets 404 on every handover operation; the offering side cannot accept or decline', async () => {
    const { from, to, original } = await setting();
    const outsider = await company();
    const offered = await offer(from.key, original.id, { reason: 'repurposed', toCompany: to.company.slug });
    const id = offered.body.id;
    for (const res of [
      await read(outsider.key, id),
      await accept(outsider.key, id),
      await decline(outsider.key, id),
      await accept(from.key, id),
      await decline(from.key, id),
      await offer(outsider.key, original.id, { reason: 'repurposed', toCompany: to.company.slug }),
    ])
      expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    expect((await prisma.handover.findUniqueOrThrow({ where: { id } })).status).toBe('OFFERED');
    // A sandbox key of either side does not see a live offer.
    const sandbox = await mintTestKey(prisma, to.company.id, { scopes: ['dpp:handover'], mode: 'test' });
    const res = await send(getRoute, sandbox, 'GET', `/api/v1/handovers/${id}`, id);
    expect(res.status).toBe(404);
  });

  it('needs the dpp:handover scope (403 FORBIDDEN_SCOPE) and refuses a bad reason with 400 VALIDATION_ERROR', async () => {
    const { to, original } = await setting();
    const reader = await mintTestKey(prisma, original.companyId, {
      scopes: ['dpp:read', 'dpp:withdraw'],
      mode: 'live',
    });
    const refused = await offer(reader, original.id, { reason: 'repurposed', toCompany: to.company.slug });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN_SCOPE']);
    const key = await mintTestKey(prisma, original.companyId, { scopes: ['dpp:handover'], mode: 'live' });
    const bad = await offer(key, original.id, { reason: 'recycled', toCompany: to.company.slug });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await prisma.handover.count({ where: { productId: original.id } })).toBe(0);
  });
});
