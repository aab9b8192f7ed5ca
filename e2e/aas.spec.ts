// HTTP tests of the AAS export: /api/dpp/{slug}/aas, a version's /v/{n}/aas and the resolver URI asked for
// application/aas+json each answer an AAS V3.0 environment that the AAS core library reads and verifies with zero
// errors, with the passport's public values and none of its restricted ones; 304, 404 and 410 as the JSON's.

import type { APIResponse } from '@playwright/test';
import { withdrawProduct } from '../lib/passport/lifecycle';
import { aasCore as aas } from '../lib/passport/public/aas-core';
import { BATTERY_CATEGORIES } from '../lib/schema/types';
import { expect, test } from '../testing/e2e/fixtures';
import { db, gtin14WithLeadingZeros, publishTestPassport } from '../testing/e2e/passport-pages';
import { TEST_ACTOR } from '../testing/factories';

const AAS = 'application/aas+json';

/** The answer read as a consumer would: parsed with the library's jsonization, then verified. */
async function environmentOf(res: APIResponse) {
  const parsed = aas.jsonization.environmentFromJsonable(await res.json());
  if (parsed.error !== null) throw new Error(`${parsed.error.path}: ${parsed.error.message}`);
  const environment = parsed.mustValue();
  return { environment, errors: [...aas.verification.verify(environment)].map((e) => `${e.path}: ${e.message}`) };
}

const restricted = { accident_information: 'restricted accident note 7731', putting_into_service_date: '2025-06-01' };

test.describe('AAS export', () => {
  test('each category: /api/dpp/{slug}/aas is an AAS V3.0 environment with zero verification errors', async ({
    request,
    baseURL,
  }) => {
    for (const category of BATTERY_CATEGORIES) {
      const p = await publishTestPassport({
        category,
        gtin: gtin14WithLeadingZeros(),
        serialNumber: `AAS-${category}`,
        formData: { ...restricted, manufacturer_name: `AAS maker ${category}` },
      });
      const res = await request.get(`/api/dpp/${p.slug}/aas`);
      expect(res.status(), category).toBe(200);
      expect(res.headers()['content-type'], category).toContain(AAS);
      expect(res.headers()['access-control-allow-origin'], category).toBe('*');
      expect(res.headers().etag, category).toMatch(/^"[0-9a-f]{64}"$/);
      const text = await res.text();
      expect(text, category).toContain(`AAS maker ${category}`);
      expect(text, category).not.toContain('restricted accident note 7731');
      expect(text, category).not.toContain('2025-06-01');
      const { environment, errors } = await environmentOf(res);
      expect(errors, category).toEqual([]);
      const shell = environment.assetAdministrationShells?.[0];
      expect(shell?.assetInformation.globalAssetId, category).toBe(`${baseURL}${p.path}`);
      expect(
        shell?.assetInformation.specificAssetIds?.map((s) => [s.name, s.value]),
        category,
      ).toContainEqual(['serialNumber', `AAS-${category}`]);
      expect(
        environment.submodels?.map((s) => s.idShort),
        category,
      ).toContain('BatteryNameplate');
    }
  });

  test('the resolver URI asked for application/aas+json answers the same bytes, varying on Accept; 304 on its ETag', async ({
    request,
  }) => {
    const p = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'AAS/RES-1' });
    const direct = await request.get(`/api/dpp/${p.slug}/aas`);
    const negotiated = await request.get(p.path, { headers: { Accept: AAS } });
    expect(negotiated.status()).toBe(200);
    expect(negotiated.headers()['content-type']).toContain(AAS);
    expect(negotiated.headers().vary?.toLowerCase()).toContain('accept');
    expect(await negotiated.text()).toBe(await direct.text());
    expect(negotiated.headers().etag).toBe(direct.headers().etag);
    expect((await environmentOf(negotiated)).errors).toEqual([]);
    const again = await request.get(p.path, { headers: { Accept: AAS, 'If-None-Match': direct.headers().etag ?? '' } });
    expect(again.status()).toBe(304);
    const directAgain = await request.get(`/api/dpp/${p.slug}/aas`, {
      headers: { 'If-None-Match': direct.headers().etag ?? '' },
    });
    expect(directAgain.status()).toBe(304);
    // A browser still gets the viewer at the same address.
    const page = await request.get(p.path, { headers: { Accept: 'text/html' } });
    expect(page.headers()['content-type']).toContain('text/html');
  });

  test("a version's AAS is made from that version's public view and names the version", async ({ request }) => {
    const p = await publishTestPassport({
      gtin: gtin14WithLeadingZeros(),
      serialNumber: 'AAS-V1',
      formData: restricted,
    });
    const res = await request.get(`/api/dpp/${p.slug}/v/1/aas`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain(AAS);
    expect(res.headers()['x-dpp-version']).toBe('1');
    expect(await res.text()).not.toContain('restricted accident note 7731');
    const { environment, errors } = await environmentOf(res);
    expect(errors).toEqual([]);
    expect(environment.assetAdministrationShells?.[0]?.id).toMatch(new RegExp(`/api/dpp/${p.slug}/v/1/aas$`));
    expect((await request.get(`/api/dpp/${p.slug}/v/2/aas`)).status()).toBe(404);
    const malformed = await request.get(`/api/dpp/${p.slug}/v/01/aas`);
    expect(malformed.status()).toBe(400);
  });

  test('404 for an unknown passport, 410 with the withdrawal for a withdrawn one, as the JSON', async ({ request }) => {
    expect((await request.get('/api/dpp/no-such-passport/aas')).status()).toBe(404);
    const p = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'AAS-W' });
    await withdrawProduct({
      ctx: { companyId: p.companyId, actor: TEST_ACTOR },
      input: { productId: p.id, reason: 'Recalled: cell defect' },
      db: db(),
    });
    const json = await request.get(`/api/dpp/${p.slug}`);
    const res = await request.get(`/api/dpp/${p.slug}/aas`);
    expect(res.status()).toBe(410);
    expect(json.status()).toBe(410);
    expect((await res.json()).error.code).toBe('PRODUCT_WITHDRAWN');
    expect((await request.get(`/api/dpp/${p.slug}/v/1/aas`)).status()).toBe(404);
    expect((await request.get(p.path, { headers: { Accept: AAS } })).status()).toBe(410);
  });
});
