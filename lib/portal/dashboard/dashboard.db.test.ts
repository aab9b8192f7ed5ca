import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCompany, createTestProduct, mintTestKey } from '../../../testing/factories';
import { setRegistration } from '../../../testing/portal-passports';
import { disconnectPrisma, prisma } from '../../db/client';
import type { Company, Product } from '../../db/generated/client';
import type { DomainContext } from '../../domain/context';
import { loadAttention } from './attention';
import { bmsUpdatesPerDay, passportsByCategory, passportsByState, utcDay } from './charts';

const DAY_MS = 86_400_000;
const now = new Date();
const ctxOf = (companyId: string, role = 'EDITOR'): DomainContext => ({
  companyId,
  actor: { role, id: null, channel: 'Portal' },
});

async function poliRequest(product: Product, status: 'PENDING_REVIEW' | 'PENDING_VERIFICATION' | 'APPROVED') {
  return prisma.poliRequest.create({
    data: {
      companyId: product.companyId,
      productId: product.id,
      email: `r-${randomBytes(4).toString('hex')}@example.org`,
      name: 'Rhea Recycler',
      organisation: 'Circular BV',
      role: 'RECYCLER',
      tier: 'LEGITIMATE_INTEREST',
      status,
    },
  });
}

const webhook = (companyId: string, failingSince: Date | null) =>
  prisma.webhookEndpoint.create({
    data: {
      companyId,
      mode: 'LIVE',
      url: 'https://hooks.example.com/x',
      eventTypes: ['*'],
      secretEnc: 'x',
      failingSince,
    },
  });

const bmsAudit = (companyId: string, productId: string, at: Date, source = 'bms-webhook') =>
  prisma.auditLog.create({
    data: {
      companyId,
      productId,
      eventType: 'Update',
      actorRole: 'System',
      actorId: 'secret',
      eventChannel: 'API',
      eventContext: { source },
      createdAt: at,
    },
  });

/** A company with one of everything the dashboard counts, plus near misses it must not count. */
async function busyCompany(): Promise<Company> {
  const company = await createTestCompany(prisma);
  const submitted = await createTestProduct(prisma, { companyId: company.id, state: 'SUBMITTED' });
  await createTestProduct(prisma, { companyId: company.id, state: 'SUBMITTED', mode: 'test', category: 'LMT_BATTERY' });
  await createTestProduct(prisma, { companyId: company.id, state: 'DRAFT' });
  await poliRequest(submitted, 'PENDING_REVIEW');
  await poliRequest(submitted, 'PENDING_VERIFICATION');
  await poliRequest(submitted, 'APPROVED');
  // EU registry registrations: one failed, one retrying after a failed attempt, one just due, one registered.
  const published = () => createTestProduct(prisma, { companyId: company.id, state: 'APPROVED', version: 1 });
  await setRegistration(prisma, (await published()).id, 'FAILED');
  await setRegistration(prisma, (await published()).id, 'PENDING', { attempts: 2 });
  await setRegistration(prisma, (await published()).id, 'PENDING');
  await setRegistration(prisma, (await published()).id, 'REGISTERED');
  await webhook(company.id, new Date(now.getTime() - DAY_MS));
  await webhook(company.id, null);
  await mintTestKey(prisma, company.id, { expiresInDays: 3 });
  await mintTestKey(prisma, company.id, { expiresInDays: 90 });
  const revoked = await mintTestKey(prisma, company.id, { expiresInDays: 3 });
  await prisma.apiKey.update({ where: { id: revoked.id }, data: { revokedAt: now } });
  const rotated = await mintTestKey(prisma, company.id, { expiresInDays: 3 });
  await prisma.apiKey.update({ where: { id: rotated.id }, data: { graceUntil: new Date(now.getTime() + DAY_MS) } });
  const expired = await mintTestKey(prisma, company.id, { expiresInDays: 3 });
  await prisma.apiKey.update({ where: { id: expired.id }, data: { expiresAt: new Date(now.getTime() - 1000) } });
  return company;
}

let a: Company;
let b: Company;

beforeAll(async () => {
  a = await busyCompany();
  b = await busyCompany();
});
afterAll(() => disconnectPrisma());

describe('loadAttention', () => {
  it('counts submitted passports of both modes, confirmed requests awaiting a decision, failing endpoints, keys expiring within 14 days, failed and retrying registrations', async () => {
    expect(await loadAttention({ ctx: ctxOf(a.id), now })).toEqual({
      submittedPassports: 2,
      pendingAccessRequests: 1,
      failingWebhooks: 1,
      expiringKeys: 1,
      failedRegistrations: 1,
      retryingRegistrations: 1,
    });
  });

  it("counts only the tenant's own rows: a second busy company changes nothing, an empty one sees zeros", async () => {
    const empty = await createTestCompany(prisma);
    expect(await loadAttention({ ctx: ctxOf(empty.id), now })).toEqual({
      submittedPassports: 0,
      pendingAccessRequests: 0,
      failingWebhooks: 0,
      expiringKeys: 0,
      failedRegistrations: 0,
      retryingRegistrations: 0,
    });
    expect(await loadAttention({ ctx: ctxOf(b.id), now })).toEqual(await loadAttention({ ctx: ctxOf(a.id), now }));
  });

  it('a key expiring in exactly 14 days counts; one a minute later does not', async () => {
    const company = await createTestCompany(prisma);
    const edge = await mintTestKey(prisma, company.id, { expiresInDays: 30 });
    await prisma.apiKey.update({ where: { id: edge.id }, data: { expiresAt: new Date(now.getTime() + 14 * DAY_MS) } });
    expect((await loadAttention({ ctx: ctxOf(company.id), now })).expiringKeys).toBe(1);
    await prisma.apiKey.update({
      where: { id: edge.id },
      data: { expiresAt: new Date(now.getTime() + 14 * DAY_MS + 60_000) },
    });
    expect((await loadAttention({ ctx: ctxOf(company.id), now })).expiringKeys).toBe(0);
  });

  it("counts a registration by its passport's company: another company's failures never show", async () => {
    const company = await createTestCompany(prisma);
    const other = await createTestCompany(prisma);
    const theirs = await createTestProduct(prisma, { companyId: other.id, state: 'APPROVED', version: 1 });
    await setRegistration(prisma, theirs.id, 'FAILED');
    expect(await loadAttention({ ctx: ctxOf(company.id), now })).toMatchObject({ failedRegistrations: 0 });
    const ours = await createTestProduct(prisma, { companyId: company.id, state: 'APPROVED', version: 1 });
    await setRegistration(prisma, ours.id, 'FAILED');
    expect(await loadAttention({ ctx: ctxOf(company.id), now })).toMatchObject({ failedRegistrations: 1 });
    // Accepted at the next attempt: no longer failed, nor retrying.
    await setRegistration(prisma, ours.id, 'REGISTERED');
    expect(await loadAttention({ ctx: ctxOf(company.id), now })).toMatchObject({
      failedRegistrations: 0,
      retryingRegistrations: 0,
    });
  });

  it('is refused to an Integration key', async () => {
    await expect(loadAttention({ ctx: ctxOf(a.id, 'Integration') })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('passport charts', () => {
  it("lists every state in workflow order with the tenant's counts", async () => {
    expect(await passportsByState({ ctx: ctxOf(a.id) })).toEqual([
      { label: 'Draft', value: 1 },
      { label: 'Submitted', value: 2 },
      { label: 'Published', value: 4 },
      { label: 'Withdrawn', value: 0 },
      { label: 'Deprecated', value: 0 },
    ]);
  });

  it('lists every category, zero when the tenant has none of it', async () => {
    const points = await passportsByCategory({ ctx: ctxOf(a.id) });
    const categories = await prisma.category.findMany({ select: { code: true, name: true } });
    expect(points).toHaveLength(categories.length);
    const byName = new Map(points.map((p) => [p.label, p.value]));
    const name = (code: string) => categories.find((c) => c.code === code)!.name;
    expect(byName.get(name('EV_BATTERY'))).toBe(6);
    expect(byName.get(name('LMT_BATTERY'))).toBe(1);
    expect(byName.get(name('SLI_BATTERY'))).toBe(0);
  });
});

describe('bmsUpdatesPerDay', () => {
  it('counts accepted BMS reports per UTC day over 30 days, today included, zero-filled, for the tenant only', async () => {
    const product = await createTestProduct(prisma, { companyId: a.id });
    const other = await createTestProduct(prisma, { companyId: b.id });
    const todayStart = new Date(`${utcDay(now)}T00:00:00.000Z`);
    await bmsAudit(a.id, product.id, todayStart);
    await bmsAudit(a.id, product.id, new Date(todayStart.getTime() + 1));
    await bmsAudit(a.id, product.id, new Date(todayStart.getTime() - 1)); // last millisecond of yesterday
    await bmsAudit(a.id, product.id, new Date(todayStart.getTime() - 29 * DAY_MS)); // first day of the window
    await bmsAudit(a.id, product.id, new Date(todayStart.getTime() - 29 * DAY_MS - 1)); // just outside
    await bmsAudit(a.id, product.id, todayStart, 'api'); // an ordinary update, not telemetry
    await bmsAudit(b.id, other.id, todayStart);

    const days = await bmsUpdatesPerDay({ ctx: ctxOf(a.id), now });
    expect(days).toHaveLength(30);
    expect(days[0].label).toBe(utcDay(now, 29));
    expect(days[29]).toEqual({ label: utcDay(now), value: 2 });
    expect(days[28]).toEqual({ label: utcDay(now, 1), value: 1 });
    expect(days[0].value).toBe(1);
    expect(days.reduce((sum, d) => sum + d.value, 0)).toBe(4);
  });
});
