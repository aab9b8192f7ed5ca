import { afterAll, describe, expect, it } from 'vitest';
import { keyCtx, portalOperator, refusal } from '../../../testing/domain';
import { createPublishedPassport, createTestCompany, TEST_ACTOR } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { exampleFormData } from '../../schema/examples';
import { approveProduct } from '../lifecycle';
import { buildLinkset } from '../public/linkset';
import { loadPublicPassport } from '../public/lookup';
import { buildJsonLd } from '../public/representations';
import { DPP_TERMS } from '../public/vocabulary';
import { loadCategorySchema } from '../schema-version';
import {
  acceptHandover,
  declineHandover,
  expireHandovers,
  getHandover,
  listHandovers,
  offerHandover,
} from './handover';

afterAll(() => disconnectPrisma());

const DAY = 24 * 60 * 60 * 1000;

/** Two companies of the service, each with an admin (who gets the mails), and a published passport of the first. */
async function pair() {
  const from = await portalOperator('ADMIN');
  const to = await portalOperator('ADMIN');
  const original = await createPublishedPassport(prisma, { companyId: from.company.id });
  return { from, to, original };
}

const events = (companyId: string, type: string) =>
  prisma.webhookEvent.findMany({ where: { companyId, type }, orderBy: { createdAt: 'asc' } });
const audits = (companyId: string, eventType: string) =>
  prisma.auditLog.findMany({ where: { companyId, eventType }, orderBy: { createdAt: 'asc' } });
const mails = (to: string) => prisma.emailOutbox.findMany({ where: { to }, orderBy: { createdAt: 'asc' } });

/** Publishes the successor draft after filling what the new operator declares (and the restricted fields left behind). */
async function publishSuccessor(companyId: string, productId: string) {
  const draft = await prisma.product.findUniqueOrThrow({ where: { id: productId } });
  const schema = await loadCategorySchema(prisma, draft.categoryId, draft.schemaVersion);
  const formData = { ...exampleFormData(schema), ...(draft.formData as Record<string, unknown>) };
  await prisma.product.update({
    where: { id: productId },
    data: { formData: formData as Prisma.InputJsonObject, state: 'SUBMITTED' },
  });
  await approveProduct({ ctx: { companyId, actor: TEST_ACTOR }, input: { productId } });
}

describe('handover between operators (Art. 77(7))', () => {
  it('accepted: the receiver gets a draft of public data only, the fields to re-declare left out, linked to the original; publishing it names both sides publicly', async () => {
    const { from, to, original } = await pair();
    const offer = await offerHandover({
      ctx: from.ctx,
      input: { productId: original.id, reason: 'repurposed', toCompany: to.company.slug, note: 'Stationary storage' },
    });
    expect(offer).toMatchObject({ status: 'offered', reason: 'repurposed', direction: 'outgoing' });
    expect(new Date(offer.expiresAt).getTime() - new Date(offer.offeredAt).getTime()).toBe(30 * DAY);

    const incoming = await listHandovers({ ctx: to.ctx, input: { direction: 'incoming' } });
    expect(incoming.map((h) => h.id)).toEqual([offer.id]);
    // The receiver never learns the original's internal id.
    expect(incoming[0].product.id).toBeNull();

    const { handover, product } = await acceptHandover({ ctx: to.ctx, input: { handoverId: offer.id } });
    expect(handover.status).toBe('accepted');
    const draft = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(draft).toMatchObject({
      companyId: to.company.id,
      state: 'DRAFT',
      version: 0,
      gtin: null,
      serialNumber: null,
    });
    const data = draft.formData as Record<string, unknown>;
    const sourceData = original.formData as Record<string, unknown>;
    // Public data carried over, restricted data and the re-declared fields not.
    expect(data.manufacturer_name).toBe(sourceData.manufacturer_name);
    expect(data.operator_name).toBeUndefined();
    expect(data.putting_into_service_date).toBeUndefined();
    expect(data.battery_status).toBe('repurposed');
    const schema = await loadCategorySchema(prisma, original.categoryId, original.schemaVersion);
    const restricted = schema.fields.filter((f) => f.access !== 'public' && f.id !== 'battery_status').map((f) => f.id);
    expect(restricted.length).toBeGreaterThan(0);
    for (const id of restricted) expect(data[id], id).toBeUndefined();
    expect(handover.redeclare).toContain('operator_name');

    // The offering side sees no id of the receiver's draft until it is published.
    const seenByFrom = await getHandover({ ctx: from.ctx, input: { handoverId: offer.id } });
    expect(seenByFrom.successor).toEqual({ id: null, slug: null, url: null, published: false });

    // Both audit trails and both webhook outboxes have the offer and the acceptance; both sides are mailed.
    for (const c of [from.company.id, to.company.id]) {
      expect((await audits(c, 'HandoverOffered')).length).toBe(1);
      expect((await audits(c, 'HandoverAccepted')).length).toBe(1);
      expect((await events(c, 'handover.accepted')).length).toBe(1);
    }
    const [accepted] = await events(from.company.id, 'handover.accepted');
    expect(JSON.stringify(accepted.payload)).not.toContain(product.id);
    expect((await mails(to.user.email)).map((m) => m.subject)).toEqual([
      `Battery passport offered to you: ${original.name}`,
      `Battery passport handover accepted: ${original.name}`,
    ]);
    // The offering side has its confirmation of the offer (its note quoted on one line), then the acceptance.
    const fromMails = await mails(from.user.email);
    expect(fromMails.map((m) => m.subject)).toEqual([
      `Battery passport offered to ${to.company.name}: ${original.name}`,
      `Battery passport handover accepted: ${original.name}`,
    ]);
    expect(fromMails[0].text).toContain('Your note: “Stationary storage”');
    expect(fromMails[0].links).toEqual([`http://localhost:3000/portal/handovers/${offer.id}`]);

    // Not public yet: the original says nothing of a successor.
    let publicOriginal = await loadPublicPassport({ slug: original.slug });
    expect(publicOriginal.lookup.kind === 'published' && publicOriginal.lookup.passport.dpp.succession).toBeFalsy();

    await publishSuccessor(to.company.id, product.id);
    publicOriginal = await loadPublicPassport({ slug: original.slug });
    if (publicOriginal.lookup.kind !== 'published') throw new Error('original no longer published');
    const dpp = publicOriginal.lookup.passport.dpp;
    // The contract's status stays `published`; the handover's reason is the succession status.
    expect(dpp.status).toBe('published');
    expect(dpp.succession?.status).toBe('repurposed');
    expect(dpp.succession?.successor).toMatchObject({ verified: true, statedBy: null, name: draft.name });
    expect(dpp.succession?.successor?.url).toContain(draft.slug);
    const originalLinks = buildLinkset(publicOriginal.lookup.passport, 'https://example.test').linkset[0];
    expect(originalLinks['successor-version']).toEqual([
      expect.objectContaining({ href: dpp.succession?.successor?.url }),
    ]);

    const publicSuccessor = await loadPublicPassport({ slug: draft.slug });
    if (publicSuccessor.lookup.kind !== 'published') throw new Error('successor not published');
    const predecessor = publicSuccessor.lookup.passport.dpp.succession?.predecessor;
    expect(predecessor).toMatchObject({ reason: 'repurposed', name: original.name });
    expect(predecessor?.url).toContain(original.slug);
    const successorLinks = buildLinkset(publicSuccessor.lookup.passport, 'https://example.test').linkset[0];
    expect(successorLinks['predecessor-version']).toEqual([expect.objectContaining({ href: predecessor?.url })]);
    for (const c of [from.company.id, to.company.id]) expect((await events(c, 'handover.completed')).length).toBe(1);
    // Both sides are mailed once the successor is published, each mail naming both public passports.
    for (const user of [from.user, to.user]) {
      const completed = (await mails(user.email)).filter((m) => m.subject.includes('handover completed'));
      expect(completed.map((m) => m.subject)).toEqual([`Battery passport handover completed: ${original.name}`]);
      expect(completed[0].text).toContain(dpp.succession?.successor?.url);
      expect(completed[0].text).toContain(predecessor?.url);
    }
    // Both JSON-LD documents carry the link, in terms the dpp: vocabulary defines.
    const originalLd = buildJsonLd(publicOriginal.lookup.passport, 'https://example.test');
    const successorLd = buildJsonLd(publicSuccessor.lookup.passport, 'https://example.test');
    expect(originalLd['dpp:succession']).toMatchObject({ 'dpp:successor': { '@id': dpp.succession?.successor?.url } });
    expect(successorLd['dpp:succession']).toMatchObject({ 'dpp:predecessor': { '@id': predecessor?.url } });
    const defined = new Set(DPP_TERMS.map((t) => `dpp:${t.term}`));
    const used = JSON.stringify([originalLd['dpp:succession'], successorLd['dpp:succession']]).match(/dpp:\w+/g) ?? [];
    expect(used.filter((t) => !defined.has(t))).toEqual([]);
    // A handed-over passport is not offered again.
    expect(
      (
        await refusal(
          offerHandover({
            ctx: from.ctx,
            input: { productId: original.id, reason: 'repurposed', toCompany: to.company.slug },
          }),
        )
      ).code,
    ).toBe('INVALID_STATE');
  });

  it('declined: the offer closes with the reason, no draft is made, and it cannot be answered again', async () => {
    const { from, to, original } = await pair();
    const offer = await offerHandover({
      ctx: keyCtx(from.company.id),
      input: { productId: original.id, reason: 'remanufactured', toCompany: to.company.slug },
    });
    const before = await prisma.product.count({ where: { companyId: to.company.id } });
    const declined = await declineHandover({ ctx: to.ctx, input: { handoverId: offer.id, reason: 'No capacity' } });
    expect(declined.status).toBe('declined');
    expect(await prisma.product.count({ where: { companyId: to.company.id } })).toBe(before);
    const [event] = await events(from.company.id, 'handover.declined');
    expect(event.payload).toMatchObject({ handoverId: offer.id, declineReason: 'No capacity' });
    expect((await refusal(acceptHandover({ ctx: to.ctx, input: { handoverId: offer.id } }))).code).toBe(
      'INVALID_STATE',
    );
    // The passport may be offered again once declined.
    const again = await offerHandover({
      ctx: from.ctx,
      input: { productId: original.id, reason: 'remanufactured', toCompany: to.company.slug },
    });
    expect(again.status).toBe('offered');
  });

  it('expired: past 30 days the offer reads expired and cannot be accepted; the sweep records it once on both sides', async () => {
    const { from, to, original } = await pair();
    const offeredAt = new Date(Date.now() - 31 * DAY);
    const offer = await offerHandover({
      ctx: from.ctx,
      now: offeredAt,
      input: { productId: original.id, reason: 'prepared_for_reuse', toCompany: to.company.slug },
    });
    expect((await getHandover({ ctx: to.ctx, input: { handoverId: offer.id } })).status).toBe('expired');
    const err = await refusal(acceptHandover({ ctx: to.ctx, input: { handoverId: offer.id } }));
    expect(err.code).toBe('INVALID_STATE');
    expect(err.options.details).toEqual({ status: 'expired' });

    await expireHandovers();
    await expireHandovers();
    const row = await prisma.handover.findUniqueOrThrow({ where: { id: offer.id } });
    expect(row.status).toBe('EXPIRED');
    for (const c of [from.company.id, to.company.id]) {
      expect((await events(c, 'handover.expired')).length).toBe(1);
      expect((await audits(c, 'HandoverExpired')).length).toBe(1);
    }
    expect((await mails(from.user.email)).map((m) => m.subject)).toEqual([
      `Battery passport offered to ${to.company.name}: ${original.name}`,
      `Battery passport handover expired: ${original.name}`,
    ]);
  });

  it('tenant isolation: a third company sees none of it (404), and the offering side cannot answer its own offer', async () => {
    const { from, to, original } = await pair();
    const third = await portalOperator('ADMIN');
    const offer = await offerHandover({
      ctx: from.ctx,
      input: { productId: original.id, reason: 'repurposed', toCompany: to.company.slug },
    });
    for (const verb of [
      () => getHandover({ ctx: third.ctx, input: { handoverId: offer.id } }),
      () => acceptHandover({ ctx: third.ctx, input: { handoverId: offer.id } }),
      () => declineHandover({ ctx: third.ctx, input: { handoverId: offer.id } }),
      () => acceptHandover({ ctx: from.ctx, input: { handoverId: offer.id } }),
      () => declineHandover({ ctx: from.ctx, input: { handoverId: offer.id } }),
      () =>
        offerHandover({
          ctx: third.ctx,
          input: { productId: original.id, reason: 'repurposed', toCompany: to.company.slug },
        }),
    ])
      expect((await refusal(verb())).code).toBe('NOT_FOUND');
    expect(await listHandovers({ ctx: third.ctx, input: {} })).toEqual([]);
    // A sandbox key of the receiver does not see a live offer.
    expect(
      (await refusal(getHandover({ ctx: keyCtx(to.company.id, 'TEST'), input: { handoverId: offer.id } }))).code,
    ).toBe('NOT_FOUND');
  });

  it('a successor outside the service is recorded as the previous operator states it, shown as not verified', async () => {
    const { from, original } = await pair();
    const stated = await offerHandover({
      ctx: from.ctx,
      input: { productId: original.id, reason: 'remanufactured', successorUri: 'https://passports.example/p/123' },
    });
    expect(stated).toMatchObject({ status: 'stated', toCompany: null, redeclare: [] });
    const found = await loadPublicPassport({ slug: original.slug });
    if (found.lookup.kind !== 'published') throw new Error('not published');
    expect(found.lookup.passport.dpp.succession).toMatchObject({
      status: 'remanufactured',
      successor: { url: 'https://passports.example/p/123', verified: false, statedBy: 'previous_operator' },
    });
    const links = buildLinkset(found.lookup.passport, 'https://example.test').linkset[0];
    expect(links['successor-version']).toEqual([
      expect.objectContaining({
        href: 'https://passports.example/p/123',
        title: expect.stringContaining('not verified'),
      }),
    ]);
    // The offering side is mailed what it stated, the address quoted as typed text.
    const stMails = await mails(from.user.email);
    expect(stMails.map((m) => m.subject)).toEqual([`Battery passport successor stated: ${original.name}`]);
    expect(stMails[0].text).toContain('“https://passports.example/p/123”');
  });

  it('refuses bad input with VALIDATION_ERROR: unknown reason, unknown or own company, both or neither target, a multi-line note', async () => {
    const { from, to, original } = await pair();
    const other = await createTestCompany(prisma, { suspendedAt: new Date() });
    const base = { productId: original.id, reason: 'repurposed', toCompany: to.company.slug };
    for (const input of [
      { ...base, reason: 'recycled' },
      { ...base, toCompany: 'no-such-company-anywhere' },
      { ...base, toCompany: from.company.slug },
      { ...base, toCompany: other.slug },
      { ...base, successorUri: 'https://x.example/p' },
      { ...base, toCompany: null },
      { ...base, toCompany: null, successorUri: 'javascript:alert(1)' },
      { ...base, note: 'two\nlines' },
    ])
      expect((await refusal(offerHandover({ ctx: from.ctx, input }))).code, JSON.stringify(input)).toBe(
        'VALIDATION_ERROR',
      );
    expect(await prisma.handover.count({ where: { productId: original.id } })).toBe(0);
  });
});
