// Several instances of the service on one database, as behind a load balancer: a change made through any of them
// (or straight in the database) is what every other instance serves on its very next read. No instance keeps a
// public answer that a later change could leave stale: the stored documents and the in-memory passports are both
// checked against the product's revision in the read itself, so there is no invalidation message to miss.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPrismaClient, type Db } from '../lib/db/client';
import { systemActor } from '../lib/domain/context';
import { withdrawProduct } from '../lib/passport/lifecycle';
import { sendBmsUpdate } from '../testing/bms-request';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createBmsTenant } from '../testing/factories';
import { type RunningService, startService } from './kit/service';

let database: TestDatabase;
let instances: RunningService[] = [];
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase('instances');
  instances = await Promise.all([0, 1].map(() => startService({ databaseUrl: database.url })));
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await Promise.all(instances.map((s) => s.stop()));
  await db?.$disconnect();
  await database?.dispose();
});

const get = (instance: RunningService, path: string) => fetch(`${instance.baseUrl}${path}`);
const json = async (instance: RunningService, path: string) => (await get(instance, path)).json();

/** Every public surface of the passport, read through every instance, so every cache there is holds it. */
async function readEverywhere(slug: string, page: string) {
  for (const instance of instances) {
    for (const path of [`/api/dpp/${slug}`, `/api/dpp/${slug}/jsonld`, `/api/dpp/${slug}/v/1`, page]) {
      for (let i = 0; i < 2; i++) expect((await get(instance, path)).status, path).toBe(200);
    }
  }
}

describe('several instances on one database', () => {
  test('a BMS value sent through one instance is served by the other on its very next read', async () => {
    const tenant = await createBmsTenant(db);
    const { slug } = tenant.product;
    const page = `/dpp/${slug}`;
    await readEverywhere(slug, page);
    const [a, b] = instances;
    const sent = await sendBmsUpdate(a.baseUrl, {
      productId: tenant.product.id,
      secret: tenant.secret,
      body: { formDataPatch: { current_soh_pct: 61.5 } },
    });
    expect(sent.status).toBe(200);
    expect((await json(b, `/api/dpp/${slug}`)).performance).toMatchObject({ currentSohPct: 61.5 });
    expect(await (await get(b, page)).text()).toContain('61.5');
  });

  test("after a withdrawal no instance serves the passport's body: 410, 404 for its versions, the notice on its page", async () => {
    const tenant = await createBmsTenant(db);
    const { slug } = tenant.product;
    const page = `/dpp/${slug}`;
    await readEverywhere(slug, page);
    // Withdrawn by a third party (the domain verb on the database): neither instance is told anything.
    await withdrawProduct({
      ctx: { companyId: tenant.company.id, actor: systemActor('test') },
      input: { productId: tenant.product.id, reason: 'Recalled' },
      db,
    });
    for (const instance of instances) {
      const dpp = await get(instance, `/api/dpp/${slug}`);
      expect(dpp.status).toBe(410);
      expect(JSON.stringify(await dpp.json())).not.toContain('"performance"');
      expect((await get(instance, `/api/dpp/${slug}/jsonld`)).status).toBe(410);
      expect((await get(instance, `/api/dpp/${slug}/v/1`)).status).toBe(404);
      const notice = await get(instance, page);
      expect(notice.headers.get('x-robots-tag')).toContain('noindex');
      expect(await notice.text()).toContain('Recalled');
    }
  });
});
