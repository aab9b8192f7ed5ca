// HTTP contract tests of the public passport reads: /api/dpp/{slug}, /jsonld, /v/{version}, /versions, /qr.
// Every passport is created here, in the server's database, so no test depends on demo data or another test.
import jsQR from 'jsqr';
import pg from 'pg';
import { PNG } from 'pngjs';
import { createPrismaClient } from '../lib/db/client';
import type { Prisma } from '../lib/db/generated/client';
import { CACHING } from '../lib/http/caching';
import { deprecateProduct, withdrawProduct } from '../lib/passport/lifecycle';
import { getCategorySchema } from '../lib/schema/categories';
import type { FieldDefinition } from '../lib/schema/types';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { createPublishedPassport, createTestCompany, createTestProduct, TEST_ACTOR } from '../testing/factories';

const db = createPrismaClient(process.env.DATABASE_URL);
let companyId: string;

test.beforeAll(async () => {
  companyId = (await createTestCompany(db)).id;
});
test.afterAll(async () => {
  await db.$disconnect();
});

const ctx = () => ({ companyId, actor: TEST_ACTOR });
const publish = (input: Partial<Parameters<typeof createPublishedPassport>[1]> = {}) =>
  createPublishedPassport(db, { companyId, ...input });

/** A valid GTIN-14 (GS1 modulo-10 check digit) unique to this call. */
function gtin14(): string {
  const body = `0401234${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const PUBLIC_DPP_MEMBERS = [
  'id',
  'slug',
  'productName',
  'batteryCategory',
  'status',
  'version',
  'manufacturer',
  'carbonFootprint',
  'recycledContent',
  'performance',
  'hazardousSubstances',
  'supplyChain',
  'compliance',
  'publishedAt',
  'updatedAt',
  'createdAt',
];

function expectFlatNotFound(status: number, body: any, what: string) {
  expect(status, what).toBe(404);
  expect(body, what).toEqual({ error: expect.any(String), code: 'PRODUCT_NOT_FOUND', details: {} });
}

test.describe('GET /api/dpp/{slug}', () => {
  test('serves exactly the 16 members of the public DPP object as UTF-8 JSON with a strong ETag, CORS and a request id', async ({
    request,
  }) => {
    const product = await publish();
    const res = await request.get(`/api/dpp/${product.slug}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/json; charset=utf-8');
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual([...PUBLIC_DPP_MEMBERS].sort());
    expect(body).toMatchObject({
      id: product.id,
      slug: product.slug,
      status: 'published',
      version: 1,
      batteryCategory: 'EV_BATTERY',
    });
    expect(body.carbonFootprint).not.toBeNull();
    const { createHash } = await import('node:crypto');
    expect(res.headers().etag).toBe(
      `"${createHash('sha256')
        .update(await res.body())
        .digest('hex')}"`,
    );
    expect(res.headers()['cache-control']).toBe(CACHING.dpp.cacheControl);
    expect(res.headers()['access-control-allow-origin']).toBe('*');
    expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('answers 304 without a body to If-None-Match with the current ETag', async ({ request }) => {
    const product = await publish();
    const first = await request.get(`/api/dpp/${product.slug}`);
    const etag = first.headers().etag;
    const again = await request.get(`/api/dpp/${product.slug}`, { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    expect((await again.body()).byteLength).toBe(0);
    expect(again.headers().etag).toBe(etag);
    expect(again.headers()['ratelimit-limit']).toBe('100');
    const stale = await request.get(`/api/dpp/${product.slug}`, { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status()).toBe(200);
  });

  test('carries RateLimit-* of its own 100/min limit (tighter than the edge) on success and on 404', async ({
    request,
  }) => {
    const product = await publish();
    for (const path of [`/api/dpp/${product.slug}`, '/api/dpp/no-such-passport']) {
      const res = await request.get(path);
      expect(res.headers()['ratelimit-limit'], path).toBe('100');
      expect(Number(res.headers()['ratelimit-remaining']), path).toBeGreaterThanOrEqual(0);
      const reset = Number(res.headers()['ratelimit-reset']);
      expect(Number.isInteger(reset) && reset >= 0 && reset <= 60, path).toBe(true);
    }
  });

  test('404 flat PRODUCT_NOT_FOUND for unknown, draft, submitted, deprecated and sandbox passports', async ({
    request,
  }) => {
    const draft = await createTestProduct(db, { companyId, state: 'DRAFT' });
    const submitted = await createTestProduct(db, { companyId, state: 'SUBMITTED' });
    const deprecated = await publish();
    await deprecateProduct({ ctx: ctx(), input: { productId: deprecated.id }, db });
    const sandbox = await publish({ mode: 'test' });
    for (const [what, slug] of [
      ['unknown', 'no-such-passport'],
      ['draft', draft.slug],
      ['submitted', submitted.slug],
      ['deprecated', deprecated.slug],
      ['sandbox', sandbox.slug],
    ]) {
      for (const suffix of ['', '/jsonld', '/versions', '/v/1', '/qr']) {
        const res = await request.get(`/api/dpp/${slug}${suffix}`);
        expectFlatNotFound(res.status(), await res.json(), `${what}${suffix}`);
        // The same for everyone: a shared cache keeps it as briefly as a passport answer (lib/http/caching.ts).
        expect(res.headers()['cache-control'], `${what}${suffix}`).toBe(CACHING['not-found'].cacheControl);
      }
    }
  });

  test('410 nested PRODUCT_WITHDRAWN with every withdrawal member and a revalidating Cache-Control', async ({
    request,
  }) => {
    const successor = await publish();
    const product = await publish();
    await withdrawProduct({
      ctx: ctx(),
      input: {
        productId: product.id,
        reason: 'Recalled: cell defect',
        successorId: successor.id,
        operatorDetails: 'Ops GmbH',
        manufacturerContact: 'recall@maker.example',
      },
      db,
    });
    for (const suffix of ['', '/jsonld', '/versions']) {
      const res = await request.get(`/api/dpp/${product.slug}${suffix}`);
      expect(res.status(), suffix).toBe(410);
      expect(res.headers()['cache-control'], suffix).toBe('public, max-age=0, must-revalidate');
      const { error } = await res.json();
      expect(error, suffix).toEqual({
        code: 'PRODUCT_WITHDRAWN',
        message: expect.any(String),
        reason: 'Recalled: cell defect',
        withdrawnAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        operatorDetails: 'Ops GmbH',
        successorUrl: `/dpp/${successor.slug}`,
        successorName: successor.name,
        manufacturerContact: 'recall@maker.example',
      });
    }
    // Historical versions are served only while the passport is published.
    const snapshot = await request.get(`/api/dpp/${product.slug}/v/1`);
    expectFlatNotFound(snapshot.status(), await snapshot.json(), 'withdrawn /v/1');
    // The printed label keeps resolving (to the withdrawal notice), so its QR code is still served.
    expect((await request.get(`/api/dpp/${product.slug}/qr`)).status()).toBe(200);
  });

  test('carbonFootprint is null for an LMT passport', async ({ request }) => {
    const product = await publish({ category: 'LMT_BATTERY' });
    const body = await (await request.get(`/api/dpp/${product.slug}`)).json();
    expect(body.batteryCategory).toBe('LMT_BATTERY');
    expect(body.carbonFootprint).toBeNull();
  });

  test('a BMS-style change of a dynamic public field shows in the very next GET (no cache in the way)', async ({
    request,
  }) => {
    const product = await publish({ formData: { current_soh_pct: 97 } });
    const before = await request.get(`/api/dpp/${product.slug}`);
    expect((await before.json()).performance.currentSohPct).toBe(97);
    const formData = { ...(product.formData as Record<string, unknown>), current_soh_pct: 91.5 };
    await db.product.update({
      where: { id: product.id },
      data: { formData: formData as Prisma.InputJsonObject, updatedAt: new Date() },
    });
    const after = await request.get(`/api/dpp/${product.slug}`, {
      headers: { 'If-None-Match': before.headers().etag },
    });
    expect(after.status()).toBe(200);
    expect((await after.json()).performance.currentSohPct).toBe(91.5);
  });

  test('exactly 100 requests per minute per address pass, then 429 flat RATE_LIMITED with Retry-After', async ({
    request,
  }) => {
    const product = await publish();
    // Start well inside a fixed window, so the burst cannot straddle a window boundary.
    const probe = await request.get(`/api/dpp/${product.slug}`);
    const reset = Number(probe.headers()['ratelimit-reset']);
    if (reset < 20) await new Promise((r) => setTimeout(r, (reset + 1) * 1000));
    // A fresh address: its whole budget lies in this window.
    const headers = { 'X-Forwarded-For': clientAddress() };
    let passed = 0;
    for (;;) {
      const res = await request.get(`/api/dpp/${product.slug}`, { headers });
      if (res.status() === 429) {
        expect(res.headers()['ratelimit-limit']).toBe('100');
        expect(res.headers()['ratelimit-remaining']).toBe('0');
        const retryAfter = Number(res.headers()['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(res.headers()['access-control-allow-origin']).toBe('*');
        expect(await res.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED', details: {} });
        break;
      }
      expect(res.status()).toBe(200);
      expect(Number(res.headers()['ratelimit-remaining'])).toBe(100 - passed - 1);
      passed++;
      expect(passed).toBeLessThanOrEqual(100);
    }
    expect(passed).toBe(100);
  });
});

test.describe('every public GET route', () => {
  test('sends CORS *, X-Request-Id and RateLimit-* on success and on errors; HEAD answers like GET without a body', async ({
    request,
  }) => {
    const product = await publish();
    const paths = ['', '/jsonld', '/v/1', '/versions', '/qr', '/v/0', '/v/7'].map(
      (s) => `/api/dpp/${product.slug}${s}`,
    );
    for (const path of [...paths, '/api/dpp/no-such-passport/jsonld']) {
      const res = await request.get(path);
      expect(res.headers()['access-control-allow-origin'], path).toBe('*');
      expect(res.headers()['x-request-id'], path).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number(res.headers()['ratelimit-limit']), path).toBe(path.endsWith(product.slug) ? 100 : 120);
      expect(res.headers()['ratelimit-remaining'], path).toMatch(/^\d+$/);
      expect(res.headers()['ratelimit-reset'], path).toMatch(/^\d+$/);
    }
    const head = await request.head(`/api/dpp/${product.slug}`);
    expect(head.status()).toBe(200);
    expect(head.headers().etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await head.body()).byteLength).toBe(0);
  });
});

test.describe('GET /api/dpp/{slug}/jsonld', () => {
  test('serves application/ld+json with the contexts, both types and the canonical GS1 @id', async ({
    request,
    baseURL,
  }) => {
    const gtin = gtin14();
    const product = await publish({ gtin, serialNumber: 'SN-42' });
    const res = await request.get(`/api/dpp/${product.slug}/jsonld`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.headers()['access-control-allow-origin']).toBe('*');
    expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers()['ratelimit-limit']).toBeDefined();
    const doc = await res.json();
    expect(doc['@context']).toEqual([
      'https://schema.org/',
      'https://www.w3.org/2018/credentials/v1',
      {
        // Fixed namespaces: the same on every deployment, whatever its address.
        dpp: 'https://w3id.org/batterypassportservice/ns/dpp/',
        espr: 'https://w3id.org/batterypassportservice/ns/espr/',
        gs1: 'https://ref.gs1.org/voc/',
        DigitalProductPassport: 'dpp:DigitalProductPassport',
      },
    ]);
    expect(doc['@type']).toEqual(['Product', 'DigitalProductPassport']);
    expect(doc['@id']).toBe(`${baseURL}/01/${gtin}/21/SN-42`);
    expect(doc).toMatchObject({
      name: product.name,
      gtin,
      brand: { '@type': 'Brand', name: expect.any(String) },
      manufacturer: { '@type': 'Organization', name: expect.any(String) },
      'dpp:dppId': product.id,
      'dpp:version': 1,
      'dpp:carbonFootprint': {
        'dpp:totalKgCO2e': expect.any(Number),
        'dpp:kgCO2ePerKwh': expect.any(Number),
        'dpp:methodology': expect.any(String),
      },
      'espr:circularity': { 'espr:recycledContentPercentage': expect.any(Number) },
    });
    expect(typeof doc.sku).toBe('string');
  });

  test('the dpp and espr namespaces resolve to vocabulary documents', async ({ request }) => {
    for (const ns of ['dpp', 'espr']) {
      const res = await request.get(`/ns/${ns}`);
      expect(res.status(), ns).toBe(200);
      expect(res.headers()['content-type']).toContain('application/ld+json');
      const graph = (await res.json())['@graph'] as Array<Record<string, unknown>>;
      expect(
        graph.some(
          (t) =>
            // The fixed namespace, served by every instance at /ns/{dpp,espr}.
            t['@id'] ===
            `https://w3id.org/batterypassportservice/ns/${ns}/${ns === 'dpp' ? 'DigitalProductPassport' : 'recycledContentPercentage'}`,
        ),
        ns,
      ).toBe(true);
    }
  });
});

test.describe('GET /api/dpp/{slug}/v/{version} and /versions', () => {
  test('serves the snapshot with the four snapshot headers describing the bytes served, and an ETag', async ({
    request,
  }) => {
    const product = await publish();
    const res = await request.get(`/api/dpp/${product.slug}/v/1`);
    expect(res.status()).toBe(200);
    const bytes = await res.body();
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(res.headers()['x-dpp-version']).toBe('1');
    expect(res.headers()['x-snapshot-sha256']).toBe(sha);
    expect(res.headers()['x-snapshot-bytes']).toBe(String(bytes.byteLength));
    expect(new Date(res.headers()['x-snapshot-published-at']).toISOString()).toBe(
      res.headers()['x-snapshot-published-at'],
    );
    expect(res.headers().etag).toBe(`"${sha}"`);
    expect(res.headers()['access-control-allow-origin']).toBe('*');
    const snapshot = JSON.parse(bytes.toString('utf8'));
    expect(snapshot).toMatchObject({ id: product.id, version: 1, schemaVersion: 3 });
    // Restricted fields are stripped at read time with the snapshot's own schema version.
    const schema = getCategorySchema('EV_BATTERY', 1)!;
    const restricted = schema.fields.filter((f) => f.access !== 'public').map((f) => f.id);
    expect(Object.keys(snapshot.fields).filter((k) => restricted.includes(k))).toEqual([]);
    expect(snapshot.fields.model_number).toEqual(expect.any(String));
    const again = await request.get(`/api/dpp/${product.slug}/v/1`, { headers: { 'If-None-Match': `"${sha}"` } });
    expect(again.status()).toBe(304);
  });

  test('400 nested INVALID_VERSION for anything but a plain positive integer', async ({ request }) => {
    const product = await publish();
    for (const raw of ['0', '-1', '1.5', 'abc', '1e3', '01', '+1', '%20', '1%20']) {
      const res = await request.get(`/api/dpp/${product.slug}/v/${raw}`);
      expect(res.status(), raw).toBe(400);
      expect((await res.json()).error, raw).toEqual({ code: 'INVALID_VERSION', message: expect.any(String) });
    }
  });

  test('404 nested VERSION_NOT_FOUND for a version never published', async ({ request }) => {
    const product = await publish();
    for (const v of ['2', '99999999999']) {
      const res = await request.get(`/api/dpp/${product.slug}/v/${v}`);
      expect(res.status(), v).toBe(404);
      expect((await res.json()).error, v).toEqual({ code: 'VERSION_NOT_FOUND', message: expect.any(String) });
    }
  });

  test('/versions lists each version with the hash and size of the bytes /v/{version} serves', async ({ request }) => {
    const product = await publish();
    const res = await request.get(`/api/dpp/${product.slug}/versions`);
    expect(res.status()).toBe(200);
    const list = await res.json();
    expect(list).toEqual([
      {
        version: 1,
        publishedAt: expect.any(String),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        byteLength: expect.any(Number),
        url: `/api/dpp/${product.slug}/v/1`,
        credential: `/api/dpp/${product.slug}/v/1/credential`,
      },
    ]);
    const snapshot = await request.get(list[0].url);
    expect(snapshot.headers()['x-snapshot-sha256']).toBe(list[0].sha256);
    expect(snapshot.headers()['x-snapshot-bytes']).toBe(String(list[0].byteLength));
    expect(snapshot.headers()['x-snapshot-published-at']).toBe(list[0].publishedAt);
  });

  test('503 nested SNAPSHOT_INTEGRITY_FAILURE, no-store and Retry-After when stored bytes no longer match', async ({
    request,
  }) => {
    const product = await publish();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      // The append-only trigger refuses UPDATE: switch it off for this one transaction only.
      await client.query('BEGIN');
      await client.query('ALTER TABLE "PassportVersion" DISABLE TRIGGER "PassportVersion_append_only"');
      await client.query(
        `UPDATE "PassportVersion" SET snapshot = overlay(snapshot placing '\\x58'::bytea from 20 for 1) WHERE "productId" = $1`,
        [product.id],
      );
      await client.query('ALTER TABLE "PassportVersion" ENABLE TRIGGER "PassportVersion_append_only"');
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const failsClosed = async (suffix: string) => {
      const res = await request.get(`/api/dpp/${product.slug}${suffix}`);
      expect(res.status(), suffix).toBe(503);
      expect(res.headers()['cache-control'], suffix).toBe('no-store');
      expect(Number(res.headers()['retry-after']), suffix).toBeGreaterThan(0);
      expect((await res.json()).error, suffix).toEqual({
        code: 'SNAPSHOT_INTEGRITY_FAILURE',
        message: expect.any(String),
      });
    };
    // Routes that read the snapshot check it on every read.
    for (const suffix of ['/v/1', '/versions']) await failsClosed(suffix);
    // The current document and JSON-LD were serialized from the verified bytes at publication and carry their own
    // hash; the next change to the product makes them stale, and rebuilding them from the snapshot fails closed.
    expect((await request.get(`/api/dpp/${product.slug}`)).status()).toBe(200);
    await db.$executeRaw`UPDATE "Product" SET "name" = "name" || ' (renamed)' WHERE "id" = ${product.id}::uuid`;
    for (const suffix of ['', '/jsonld']) await failsClosed(suffix);
  });
});

test.describe('GET /api/dpp/{slug}/qr', () => {
  test('PNG decodes to the passport GS1 Digital Link URI; SVG is the default', async ({ request, baseURL }) => {
    const gtin = gtin14();
    const product = await publish({ gtin, serialNumber: 'QR-1' });
    const png = await request.get(`/api/dpp/${product.slug}/qr?format=png`);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(png.headers()['access-control-allow-origin']).toBe('*');
    const image = PNG.sync.read(await png.body());
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(
      `${baseURL}/01/${gtin}/21/QR-1`,
    );
    const svg = await request.get(`/api/dpp/${product.slug}/qr`);
    expect(svg.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(await svg.text()).toMatch(/^<svg/);
  });

  test('400 flat VALIDATION_ERROR for an unknown format', async ({ request }) => {
    const product = await publish();
    const res = await request.get(`/api/dpp/${product.slug}/qr?format=gif`);
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({
      error: expect.any(String),
      code: 'VALIDATION_ERROR',
      details: { fields: { format: expect.any(String) } },
    });
  });
});

/** A value for a restricted field that no public field could hold by chance. */
function marker(field: FieldDefinition, n: number): unknown {
  switch (field.type) {
    case 'string':
      return `RESTRICTED-MARKER-${n}`;
    case 'url':
      return `https://restricted-marker-${n}.example/`;
    case 'date':
      return '1987-06-05';
    case 'enum':
      return field.options?.[0]?.value ?? `RESTRICTED-MARKER-${n}`;
    case 'integer':
      return 987654;
    case 'number':
      return field.max === undefined || field.max >= 987654.321
        ? 987654.321
        : field.max === 100
          ? 87.654321
          : 876.54321;
    case 'array':
      return [Object.fromEntries((field.items ?? []).map((m, i) => [m.id, marker(m, n * 100 + i)]))];
    default:
      return `RESTRICTED-MARKER-${n}`;
  }
}
const MARKERS = [/restricted-marker/i, /987654/, /87\.654321/, /876\.54321/, /1987-06-05/, /restrictedFields/];

test.describe('no restricted data on any public JSON route', () => {
  for (const category of ['EV_BATTERY', 'LMT_BATTERY'] as const) {
    test(`${category}: no marker value of a restricted field and no restrictedFields member in any body`, async ({
      request,
    }) => {
      const schema = getCategorySchema(category, 1)!;
      const formData: Record<string, unknown> = {};
      schema.fields.forEach((f, n) => {
        if (f.access !== 'public') formData[f.id] = marker(f, n);
        // Public arrays must not leak their restricted members either.
        else if (f.type === 'array' && f.items?.some((m) => m.access !== 'public'))
          formData[f.id] = [
            Object.fromEntries(
              f.items.map((m, i) => [
                m.id,
                m.access === 'public' ? ((f.example as any)?.[0]?.[m.id] ?? null) : marker(m, n * 100 + i),
              ]),
            ),
          ];
      });
      expect(Object.keys(formData).length).toBeGreaterThan(10);
      const product = await publish({ category, formData });
      // The stored snapshot does hold the markers: the routes must strip them.
      const stored = await db.passportVersion.findFirstOrThrow({ where: { productId: product.id } });
      expect(Buffer.from(stored.snapshot).toString('utf8')).toMatch(/RESTRICTED-MARKER/);
      for (const suffix of ['', '/jsonld', '/v/1', '/versions']) {
        const res = await request.get(`/api/dpp/${product.slug}${suffix}`);
        expect(res.status(), suffix).toBe(200);
        const text = await res.text();
        for (const m of MARKERS) expect(text, `${suffix} ${m}`).not.toMatch(m);
      }
    });
  }
});
