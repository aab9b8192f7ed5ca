import { afterAll, describe, expect, it } from 'vitest';
import { createTestProduct } from '../../../testing/factories';
import { operatorCtx, portalCompany } from '../../../testing/portal-passports';
import { disconnectPrisma, prisma } from '../../db/client';
import type { ServiceError } from '../../errors';
import { putFormData } from '../../passport/drafts/put-form-data';
import { saveFormDataGroup } from './edit-form-data';

afterAll(() => disconnectPrisma());

const form = (values: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) for (const v of [value].flat()) data.append(name, v);
  return data;
};
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: ServiceError) => e,
  );
const apiCtx = (companyId: string) => ({
  companyId,
  actor: { role: 'Integration', id: null, channel: 'API' as const },
  mode: 'LIVE' as const,
});

describe('saveFormDataGroup', () => {
  it("saves a group's inputs as typed JSON values through the form-data verb, with its audit row", async () => {
    const { company, ctx } = await portalCompany();
    const draft = await createTestProduct(prisma, {
      companyId: company.id,
      formData: { extinguishing_agent: 'Water' },
    });
    const values = form({
      ce_marking: 'true',
      separate_collection_symbol: 'false',
      extinguishing_agent: '',
      eu_declaration_of_conformity_id: ' DoC-7 ',
    });
    const result = await saveFormDataGroup({
      ctx,
      input: { productId: draft.id, group: 'compliance', lockVersion: String(draft.lockVersion), form: values },
    });
    expect(result).toEqual({ changed: true });
    const saved = await prisma.product.findUniqueOrThrow({ where: { id: draft.id } });
    expect(saved.formData).toEqual({
      ce_marking: true,
      separate_collection_symbol: false,
      eu_declaration_of_conformity_id: 'DoC-7',
    });
    expect(saved.lockVersion).toBe(draft.lockVersion + 1);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { productId: draft.id, eventType: 'Update' } });
    expect(audit).toMatchObject({ actorRole: 'EDITOR', actorId: ctx.actor.id, eventChannel: 'Portal' });
    expect((audit.eventContext as { fields: string[] }).fields.sort()).toEqual([
      'ce_marking',
      'eu_declaration_of_conformity_id',
      'extinguishing_agent',
      'separate_collection_symbol',
    ]);
    const again = await saveFormDataGroup({
      ctx,
      input: { productId: draft.id, group: 'compliance', lockVersion: String(saved.lockVersion), form: values },
    });
    expect(again).toEqual({ changed: false });
  });

  it('refuses an invalid value with the very field errors the API gives for it, and saves nothing', async () => {
    const { company, ctx } = await portalCompany();
    const draft = await createTestProduct(prisma, { companyId: company.id });
    const portal = await refusal(
      saveFormDataGroup({
        ctx,
        input: {
          productId: draft.id,
          group: 'identity',
          lockVersion: '1',
          form: form({ battery_mass_kg: '-5', warranty_period_months: 'lots' }),
        },
      }),
    );
    const api = await refusal(
      putFormData({
        ctx: apiCtx(company.id),
        input: { productId: draft.id, formData: { battery_mass_kg: -5, warranty_period_months: 'lots' } },
      }),
    );
    expect(portal.code).toBe('FIELD_VALIDATION_ERROR');
    expect(portal.message).toBe(api.message);
    const byField = (e: ServiceError) =>
      [...e.options.fieldErrors!].sort((a, b) => a.field_id.localeCompare(b.field_id));
    expect(byField(portal)).toEqual(byField(api));
    expect(byField(portal).map((e) => e.code)).toEqual(['OUT_OF_RANGE', 'WRONG_TYPE']);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: draft.id } })).formData).toEqual({});
  });

  it("refuses a reviewer, another company's passport, a stale lockVersion, a submitted passport and a forged group", async () => {
    const { company, ctx } = await portalCompany();
    const other = await portalCompany();
    const draft = await createTestProduct(prisma, { companyId: company.id });
    const submitted = await createTestProduct(prisma, { companyId: company.id, state: 'SUBMITTED' });
    const input = (productId: string, extra = {}) => ({
      productId,
      group: 'identity',
      lockVersion: '1',
      form: form({ model_number: 'X' }),
      ...extra,
    });
    const codeOf = async (p: Promise<unknown>) => (await refusal(p)).code;
    expect(await codeOf(saveFormDataGroup({ ctx: operatorCtx(company.id, 'REVIEWER'), input: input(draft.id) }))).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(saveFormDataGroup({ ctx: other.ctx, input: input(draft.id) }))).toBe('NOT_FOUND');
    expect(await codeOf(saveFormDataGroup({ ctx, input: input('not-an-id') }))).toBe('NOT_FOUND');
    expect(await codeOf(saveFormDataGroup({ ctx, input: input(draft.id, { lockVersion: '7' }) }))).toBe(
      'LOCK_CONFLICT',
    );
    expect(await codeOf(saveFormDataGroup({ ctx, input: input(submitted.id) }))).toBe('PRODUCT_FROZEN');
    expect(await codeOf(saveFormDataGroup({ ctx, input: input(draft.id, { group: '__proto__' }) }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(await codeOf(saveFormDataGroup({ ctx, input: input(draft.id, { lockVersion: 'x' }) }))).toBe(
      'VALIDATION_ERROR',
    );
    expect((await prisma.product.findUniqueOrThrow({ where: { id: draft.id } })).formData).toEqual({});
  });
});
