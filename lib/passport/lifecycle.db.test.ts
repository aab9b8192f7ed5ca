import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { refusal } from '../../testing/domain';
import { disconnectPrisma, prisma } from '../db/client';
import type { Prisma } from '../db/generated/client';
import type { DomainContext } from '../domain/context';
import type { ServiceError } from '../errors';
import { CATEGORY_SCHEMAS } from '../schema/categories';
import { exampleFormData } from '../schema/examples';
import type { BatteryCategory } from '../schema/types';
import { sha256Hex } from './canonical-json';
import { approveProduct, reinstateProduct, startRevision, submitProduct, withdrawProduct } from './lifecycle';

afterAll(() => disconnectPrisma());

const reviewer = (companyId: string): DomainContext => ({
  companyId,
  actor: { role: 'REVIEWER', id: null, channel: 'Portal' },
});
const editor = (companyId: string): DomainContext => ({
  companyId,
  actor: { role: 'EDITOR', id: null, channel: 'Portal' },
});

async function company() {
  const slug = `lc-${randomBytes(5).toString('hex')}`;
  return prisma.company.create({ data: { slug, name: `Lifecycle ${slug}` } });
}

async function draft(companyId: string, category: BatteryCategory = 'EV_BATTERY', formData?: Record<string, unknown>) {
  const schema = CATEGORY_SCHEMAS[category];
  const cat = await prisma.category.findUniqueOrThrow({ where: { code: category } });
  const suffix = randomBytes(5).toString('hex');
  return prisma.product.create({
    data: {
      companyId,
      categoryId: cat.id,
      schemaVersion: schema.version,
      slug: `lc-${suffix}`,
      name: `Pack ${suffix}`,
      formData: (formData ?? exampleFormData(schema)) as Prisma.InputJsonObject,
    },
  });
}

async function published(companyId: string) {
  const p = await draft(companyId);
  await submitProduct({ ctx: editor(companyId), input: { productId: p.id } });
  await approveProduct({ ctx: reviewer(companyId), input: { productId: p.id } });
  return p;
}

describe('submit', () => {
  it('refuses a draft missing mandated fields with SUBMIT_BLOCKED naming them', async () => {
    const c = await company();
    const p = await draft(c.id, 'EV_BATTERY', {});
    const err = await refusal(submitProduct({ ctx: editor(c.id), input: { productId: p.id } }));
    expect(err.code).toBe('SUBMIT_BLOCKED');
    const mandated = CATEGORY_SCHEMAS.EV_BATTERY.fields.filter((f) => f.mandated).map((f) => f.id);
    expect(mandated.length).toBeGreaterThan(0);
    for (const id of mandated) expect(err.message).toContain(id);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).state).toBe('DRAFT');
  });
});

describe('approve publishes an immutable snapshot', () => {
  it('publishes version 1 with stored bytes matching their SHA-256, then version 2 after a revision', async () => {
    const c = await company();
    const p = await published(c.id);
    const v1 = await prisma.passportVersion.findUniqueOrThrow({
      where: { productId_version: { productId: p.id, version: 1 } },
    });
    expect(sha256Hex(v1.snapshot)).toBe(v1.sha256);
    expect(v1.byteLength).toBe(v1.snapshot.byteLength);
    const after1 = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(after1.state).toBe('APPROVED');
    expect(after1.version).toBe(1);
    expect(after1.publishedAt).not.toBeNull();

    await startRevision({ ctx: editor(c.id), input: { productId: p.id } });
    const revising = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(revising.state).toBe('DRAFT');
    expect(revising.version).toBe(1);
    const revisionEvent = await prisma.webhookEvent.findFirst({
      where: { type: 'product.updated', payload: { path: ['productId'], equals: p.id } },
    });
    expect(revisionEvent?.payload).toMatchObject({ state: 'draft', revisionOf: 1 });
    await submitProduct({ ctx: editor(c.id), input: { productId: p.id } });
    const result = await approveProduct({ ctx: reviewer(c.id), input: { productId: p.id } });
    expect(result).toMatchObject({ state: 'published', version: 2 });
    const after2 = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(after2.publishedAt).toEqual(after1.publishedAt);
    expect(after2.lastPublishedAt!.getTime()).toBeGreaterThanOrEqual(after1.lastPublishedAt!.getTime());
    const v2 = await prisma.passportVersion.findFirstOrThrow({ where: { productId: p.id, version: 2 } });
    const snapshot = JSON.parse(Buffer.from(v2.snapshot).toString('utf8'));
    expect(snapshot).toMatchObject({ id: p.id, slug: p.slug, version: 2, batteryCategory: 'EV_BATTERY' });
  });

  it('two concurrent approvals of one submission publish exactly one version', async () => {
    const c = await company();
    const p = await draft(c.id);
    await submitProduct({ ctx: editor(c.id), input: { productId: p.id } });
    const results = await Promise.allSettled([
      approveProduct({ ctx: reviewer(c.id), input: { productId: p.id } }),
      approveProduct({ ctx: reviewer(c.id), input: { productId: p.id } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((failed.reason as ServiceError).code).toBe('INVALID_STATE');
    expect(await prisma.passportVersion.count({ where: { productId: p.id } })).toBe(1);
  });

  it('writes one audit row and the approval and publication events in the same transaction', async () => {
    const c = await company();
    const p = await published(c.id);
    const audit = await prisma.auditLog.findMany({ where: { productId: p.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.eventType)).toEqual(['Submit', 'Approve']);
    expect(audit[0]).toMatchObject({ actorRole: 'EDITOR', eventChannel: 'Portal' });
    expect(audit[1]).toMatchObject({ actorRole: 'REVIEWER', eventChannel: 'Portal' });
    const events = await prisma.webhookEvent.findMany({ where: { companyId: c.id } });
    expect(events.map((e) => e.type).sort()).toEqual(['passport.published', 'product.approved', 'product.submitted']);
  });
});

describe('withdraw', () => {
  it('refuses a product that is not published with INVALID_STATE / INVALID_TRANSITION', async () => {
    const c = await company();
    const p = await draft(c.id);
    const err = await refusal(withdrawProduct({ ctx: reviewer(c.id), input: { productId: p.id, reason: 'x' } }));
    expect(err.code).toBe('INVALID_STATE');
    expect(err.options.reason).toBe('INVALID_TRANSITION');
  });

  it('refuses itself or an unpublished product as successor with SUCCESSOR_INVALID, and changes nothing', async () => {
    const c = await company();
    const p = await published(c.id);
    const other = await draft(c.id);
    for (const successorId of [p.id, other.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const err = await refusal(
        withdrawProduct({ ctx: reviewer(c.id), input: { productId: p.id, reason: 'Recall', successorId } }),
      );
      expect(err.code).toBe('SUCCESSOR_INVALID');
    }
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).state).toBe('APPROVED');
  });

  it('withdraws with reason and successor, and reinstates at the same version', async () => {
    const c = await company();
    const p = await published(c.id);
    const successor = await published(c.id);
    const result = await withdrawProduct({
      ctx: reviewer(c.id),
      input: {
        productId: p.id,
        reason: 'Cell recall',
        successorId: successor.id,
        manufacturerContact: 'recall@x.example',
      },
    });
    expect(result.state).toBe('withdrawn');
    const row = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(row).toMatchObject({
      withdrawalReason: 'Cell recall',
      successorId: successor.id,
      withdrawalManufacturerContact: 'recall@x.example',
    });
    expect(row.withdrawnAt).not.toBeNull();
    const back = await reinstateProduct({ ctx: reviewer(c.id), input: { productId: p.id } });
    expect(back).toMatchObject({ state: 'published', version: 1 });
  });
});

describe('tenant isolation', () => {
  it("another company's product answers NOT_FOUND and is left unchanged", async () => {
    const owner = await company();
    const outsider = await company();
    const p = await published(owner.id);
    const err = await refusal(withdrawProduct({ ctx: reviewer(outsider.id), input: { productId: p.id, reason: 'x' } }));
    expect(err.code).toBe('NOT_FOUND');
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).state).toBe('APPROVED');
  });

  it('an editor cannot approve', async () => {
    const c = await company();
    const p = await draft(c.id);
    await submitProduct({ ctx: editor(c.id), input: { productId: p.id } });
    const err = await refusal(approveProduct({ ctx: editor(c.id), input: { productId: p.id } }));
    expect(err.code).toBe('FORBIDDEN');
  });
});
