import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { keyCtx, refusal } from '../../../testing/domain';
import { createTestCompany } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { ServiceError } from '../../errors';
import { addGs1Prefix } from './add-gs1-prefix';
import { listGs1Prefixes } from './list-gs1-prefixes';

afterAll(() => disconnectPrisma());

/** A 9-digit prefix under a 3-digit range of our own, so no other test's prefix overlaps it. */
const freshPrefix = () => `99${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
const company = async () => keyCtx((await createTestCompany(prisma)).id);
const auditOf = (companyId: string) => prisma.auditLog.findMany({ where: { companyId, eventType: 'Gs1PrefixAdded' } });

describe('addGs1Prefix', () => {
  it('registers a prefix with one Gs1PrefixAdded audit row, and re-registering it answers the same row without another', async () => {
    const ctx = await company();
    const prefix = freshPrefix();
    const first = await addGs1Prefix({ ctx, input: { prefix } });
    expect(first).toMatchObject({ created: true, prefix: { prefix } });
    const again = await addGs1Prefix({ ctx, input: { prefix } });
    expect(again).toEqual({ created: false, prefix: first.prefix });
    const audits = await auditOf(ctx.companyId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ productId: null, eventContext: { prefix, gs1PrefixId: first.prefix.id } });
  });

  it('refuses anything but 4 to 12 digits with GS1_PREFIX_INVALID', async () => {
    const ctx = await company();
    for (const prefix of ['123', '1234567890123', '40l2345', ' 4012345', '', '４０１２３４５']) {
      expect((await refusal(addGs1Prefix({ ctx, input: { prefix } }))).code).toBe('GS1_PREFIX_INVALID');
    }
    // The bounds themselves are valid (ranges 98… and 97… are used by no other test).
    for (const prefix of [`98${randomInt(10, 100)}`, `97${randomInt(1e9, 1e10)}`]) {
      expect((await addGs1Prefix({ ctx, input: { prefix } })).created).toBe(true);
    }
  });

  it("refuses a prefix that equals, extends or is extended by another company's, without naming that company", async () => {
    const owner = await company();
    const prefix = freshPrefix();
    await addGs1Prefix({ ctx: owner, input: { prefix } });
    const rival = await company();
    for (const clash of [prefix, `${prefix}7`, prefix.slice(0, 6)]) {
      const err = await refusal(addGs1Prefix({ ctx: rival, input: { prefix: clash } }));
      expect(err.code).toBe('GS1_PREFIX_INVALID');
      expect(err.message).toContain('another company');
      expect(JSON.stringify(err.options)).not.toContain(owner.companyId);
    }
    expect(await prisma.gs1Prefix.count({ where: { companyId: rival.companyId } })).toBe(0);
  });

  it('lets a company hold nested prefixes of its own', async () => {
    const ctx = await company();
    const prefix = freshPrefix();
    await addGs1Prefix({ ctx, input: { prefix } });
    expect((await addGs1Prefix({ ctx, input: { prefix: `${prefix}1` } })).created).toBe(true);
  });

  it('refuses sandbox callers with CROSS_MODE_DENIED: prefixes govern live GTINs', async () => {
    const ctx = keyCtx((await createTestCompany(prisma)).id, 'TEST');
    expect((await refusal(addGs1Prefix({ ctx, input: { prefix: freshPrefix() } }))).code).toBe('CROSS_MODE_DENIED');
  });

  it('two companies registering overlapping prefixes at once: exactly one wins', async () => {
    const [a, b] = [await company(), await company()];
    const prefix = freshPrefix();
    const outcomes = await Promise.allSettled([
      addGs1Prefix({ ctx: a, input: { prefix } }),
      addGs1Prefix({ ctx: b, input: { prefix: `${prefix}5` } }),
    ]);
    const codes = outcomes.map((o) => (o.status === 'fulfilled' ? 'ok' : (o.reason as ServiceError).code)).sort();
    expect(codes).toEqual(['GS1_PREFIX_INVALID', 'ok']);
  });
});

describe('listGs1Prefixes', () => {
  it("lists the company's own prefixes only, to live and sandbox callers alike", async () => {
    const ctx = await company();
    const other = await company();
    const mine = freshPrefix();
    await addGs1Prefix({ ctx, input: { prefix: mine } });
    await addGs1Prefix({ ctx: other, input: { prefix: freshPrefix() } });
    for (const reader of [ctx, keyCtx(ctx.companyId, 'TEST')]) {
      const page = await listGs1Prefixes({ ctx: reader, input: { limit: 50 } });
      expect(page.items.map((p) => p.prefix)).toEqual([mine]);
    }
  });
});
