// The data set: a handful of passports published through the real approval verb, then cloned with SQL (rows,
// snapshots, their public views and stored public documents, their bytes rewritten with each clone's identifiers
// and re-hashed) up to the wanted count. The first clone of each batch is checked against what the service itself
// would build for it. Every clone gets its version's signed credential in the same commit, as a publication does:
// built and signed by the service's own functions over the clone's public view, in its own status list slot.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { compactVerify, importJWK } from 'jose';
import pg from 'pg';
import { type CredentialSource, passportCredential } from '../lib/credentials/issue';
import { currentSigningKey, type SigningKey } from '../lib/credentials/keys';
import { permutedIndex } from '../lib/credentials/permutation';
import { type Issuer, issuerOf, signCredential } from '../lib/credentials/sign';
import { type StatusSlot, statusEntries } from '../lib/credentials/status';
import { STATUS_LIST_CAPACITY } from '../lib/credentials/vocabulary';
import { sha256Hex } from '../lib/crypto/secrets';
import type { PrismaClient } from '../lib/db/generated/client';
import { withCheckDigit } from '../lib/gs1/gtin';
import { strongEtag } from '../lib/http/public-route';
import { publicCredentialBySlug } from '../lib/passport/public/credential-view';
import { refreshPublicDocument } from '../lib/passport/public/documents';
import { loadPublicPassport } from '../lib/passport/public/lookup';
import { aasBody, dppBody, jsonLdBody } from '../lib/passport/public/served';
import { publicViewOf, readPublicSnapshot } from '../lib/passport/public/snapshot-view';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../testing/factories';

export interface Passport {
  id: string;
  slug: string;
  gtin: string;
  serial: string;
}

const TEMPLATES = 4;
const BATCH = 500;

export class PassportSeeder {
  readonly passports: Passport[] = [];
  private templates: { id: string; slug: string; name: string; gtin: string; serial: string }[] = [];
  private columns: string[] = [];
  private signer: { key: SigningKey; issuer: Issuer } | undefined;
  /**
   * The seeder's own run of GTINs (six digits of its own under prefix 04): two seeders of one database (test files
   * sharing a run's database) never make the same GTIN and serial.
   */
  private readonly family = String(randomInt(1_000_000)).padStart(6, '0');

  constructor(
    private readonly db: PrismaClient,
    private readonly pool: pg.Pool,
    readonly companyId: string,
  ) {}

  /**
   * A seeder of the database at `url` through `db`. Its checks read clones through the service's own read paths,
   * which use the process's pool: `DATABASE_URL` must name the same database.
   */
  static async create(db: PrismaClient, url: string): Promise<PassportSeeder> {
    if (process.env.DATABASE_URL !== url)
      throw new Error("The seeder checks clones through the process's pool: set DATABASE_URL to the seeded database");
    const company = await createTestCompany(db, { name: 'Bench Batteries', slug: `bench-${Date.now().toString(36)}` });
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    // The database is dropped at the end (also after a failure): its goodbye to idle connections is no error.
    pool.on('error', () => undefined);
    return new PassportSeeder(db, pool, company.id);
  }

  /** Grows the published set to `count` passports. */
  async growTo(count: number): Promise<void> {
    while (this.templates.length < TEMPLATES && this.passports.length < count) await this.publishTemplate();
    while (this.passports.length < count) await this.cloneBatch(Math.min(BATCH, count - this.passports.length));
    await this.settle(['Product', 'PassportVersion', 'PublicSnapshot', 'PublicDocument', 'PassportCredential']);
  }

  /**
   * Fresh statistics and visibility maps for `tables` now, and what was written on disk, rather than autovacuum and
   * the checkpointer competing with the next measured run (CHECKPOINT needs a superuser or pg_checkpoint: without
   * one, the run goes on and the checkpointer takes its time).
   */
  async settle(tables: readonly string[]): Promise<void> {
    await this.pool.query(`VACUUM (ANALYZE) ${tables.map((t) => `"${t}"`).join(', ')}`);
    await this.pool.query('CHECKPOINT').catch(() => undefined);
  }

  private async publishTemplate() {
    const n = this.templates.length;
    const gtin = withCheckDigit(`04${this.family}${String(n).padStart(5, '0')}`);
    const serial = `BENCH-${n}-0`;
    const p = await createPublishedPassport(this.db, {
      companyId: this.companyId,
      gtin,
      serialNumber: serial,
      name: `Bench Battery ${n}-0`,
    });
    this.templates.push({ id: p.id, slug: p.slug, name: p.name, gtin, serial });
    this.passports.push({ id: p.id, slug: p.slug, gtin, serial });
  }

  private async cloneBatch(size: number) {
    const t = this.templates[this.passports.length % this.templates.length];
    if (this.columns.length === 0) {
      const { rows } = await this.pool.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'Product'`,
      );
      this.columns = rows.map((r) => r.column_name);
    }
    const snapshot = await this.pool.query<{ snapshot: Buffer; schemaVersion: number }>(
      `SELECT snapshot, "schemaVersion" FROM "PassportVersion" WHERE "productId" = $1 AND version = 1`,
      [t.id],
    );
    const template = snapshot.rows[0].snapshot.toString('utf8');
    // The template may have changed since its documents were written (scenario 6 sends it telemetry): clones copy
    // its current row, so they must copy its current documents too.
    await refreshPublicDocument(this.db, t.slug);
    const document = await this.pool.query<{
      revision: number;
      baseUrl: string;
      dpp: string;
      jsonld: string;
      aas: string;
    }>(`SELECT "revision", "baseUrl", "dpp", "jsonld", "aas" FROM "PublicDocument" WHERE "productId" = $1`, [t.id]);
    if (document.rows.length !== 1) throw new Error(`The template passport ${t.slug} has no stored public document`);
    const clones = Array.from({ length: size }, (_, i) => {
      const k = this.passports.length + i;
      return {
        id: randomUUID(),
        slug: `bench-${k}-${randomUUID().slice(0, 8)}`,
        name: `Bench Battery ${k}`,
        gtin: t.gtin,
        serial: `BENCH-S${k}`,
      };
    });
    const overrides: Record<string, string> = { id: 'n.id', slug: 'n.slug', name: 'n.name', serialNumber: 'n.serial' };
    const select = this.columns.map((c) => overrides[c] ?? `t."${c}"`).join(', ');
    const rewrite = (text: string, c: (typeof clones)[number]) =>
      [
        [t.id, c.id],
        [t.slug, c.slug],
        [t.name, c.name],
        [t.serial, c.serial],
      ].reduce((s, [from, to]) => s.split(from).join(to), text);
    const snapshots = clones.map((c) => Buffer.from(rewrite(template, c)));
    const hashes = snapshots.map((s) => createHash('sha256').update(s).digest('hex'));
    const views = snapshots.map((s) => publicViewOf(s));
    const dpps = clones.map((c) => rewrite(document.rows[0].dpp, c));
    const publishedAt = new Date();
    const product = await this.db.product.findUniqueOrThrow({
      where: { id: t.id },
      include: { company: true, category: true },
    });
    const sources: CredentialSource[] = clones.map((c, i) => ({
      ...product,
      id: c.id,
      slug: c.slug,
      name: c.name,
      serialNumber: c.serial,
      version: 1,
      publishedAt,
      publicView: views[i].bytes,
    }));
    const jsonlds = clones.map((c) => rewrite(document.rows[0].jsonld, c));
    const aases = clones.map((c) => rewrite(document.rows[0].aas, c));
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO "Product" (${this.columns.map((c) => `"${c}"`).join(', ')})
         SELECT ${select} FROM "Product" t, unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS n(id, slug, name, serial) WHERE t.id = $1`,
        [
          t.id,
          clones.map((c) => c.id),
          clones.map((c) => c.slug),
          clones.map((c) => c.name),
          clones.map((c) => c.serial),
        ],
      );
      await client.query(
        `INSERT INTO "PassportVersion" (id, "productId", version, snapshot, sha256, "byteLength", "schemaVersion", "publishedAt")
         SELECT gen_random_uuid(), p, 1, s, h, l, $5, $6 FROM unnest($1::uuid[], $2::bytea[], $3::text[], $4::int[]) AS x(p, s, h, l)`,
        [
          clones.map((c) => c.id),
          snapshots,
          hashes,
          snapshots.map((s) => s.byteLength),
          snapshot.rows[0].schemaVersion,
          publishedAt,
        ],
      );
      await client.query(
        `INSERT INTO "PublicSnapshot" ("productId", version, body, sha256, "sourceSha256")
         SELECT p, 1, b, h, s FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS x(p, b, h, s)`,
        [clones.map((c) => c.id), views.map((v) => v.bytes.toString('utf8')), views.map((v) => v.sha256), hashes],
      );
      await client.query(
        `INSERT INTO "PublicDocument" ("productId", "revision", "baseUrl", "dpp", "dppEtag", "jsonld", "jsonldEtag", "aas", "aasEtag")
         SELECT p, $2, $3, d, de, j, je, a, ae
         FROM unnest($1::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS x(p, d, de, j, je, a, ae)`,
        [
          clones.map((c) => c.id),
          document.rows[0].revision,
          document.rows[0].baseUrl,
          dpps,
          dpps.map((d) => strongEtag(d)),
          jsonlds,
          jsonlds.map((j) => strongEtag(j)),
          aases,
          aases.map((a) => strongEtag(a)),
        ],
      );
      await this.signAll(client, sources);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    this.passports.push(...clones.map((c) => ({ id: c.id, slug: c.slug, gtin: c.gtin, serial: c.serial })));
    await this.checkClone(clones[0], dpps[0], jsonlds[0], aases[0]);
    await this.checkCredential(clones[0]);
  }

  /**
   * The credentials of `sources` (their versions just inserted), in the caller's transaction: what
   * `issuePassportCredential` does for each publication, for many at once. One UPDATE takes `sources.length`
   * ordinals of the company's newest list (its row locked to the commit, as a publication's is), each permuted
   * into its index as `allocateStatusSlot` does; each credential is built by `passportCredential` and signed by
   * `signCredential` with the company's current key, and the rows go in with one INSERT.
   */
  private async signAll(client: pg.PoolClient, sources: readonly CredentialSource[]) {
    if (!this.signer) {
      const company = await this.db.company.findUniqueOrThrow({ where: { id: this.companyId } });
      const key = await this.db.$transaction((tx) => currentSigningKey(tx, this.companyId));
      this.signer = { key, issuer: issuerOf(company) };
    }
    const { key, issuer } = this.signer;
    const { rows } = await client.query<{ id: string; number: number; permutationKey: Buffer; allocated: number }>(
      `UPDATE "StatusList" SET "allocated" = "allocated" + $2
       WHERE "id" = (
         SELECT "id" FROM "StatusList" WHERE "companyId" = $1::uuid AND "allocated" + $2 <= $3
         ORDER BY "number" DESC LIMIT 1 FOR UPDATE)
       RETURNING "id", "number", "permutationKey", "allocated"`,
      [this.companyId, sources.length, STATUS_LIST_CAPACITY],
    );
    // The company's first publication (a template's) opened its list; the bench never seeds more than one holds.
    if (rows.length !== 1) throw new Error(`No status list of the bench company has room for ${sources.length} more`);
    const [list] = rows;
    const first = list.allocated - sources.length;
    const slots: StatusSlot[] = sources.map((_, i) => ({
      listId: list.id,
      listNumber: list.number,
      index: permutedIndex(list.permutationKey, first + i),
    }));
    const jwts = await Promise.all(
      sources.map((source, i) =>
        signCredential(issuer, key, passportCredential(source, issuer, statusEntries(issuer, slots[i]))),
      ),
    );
    await client.query(
      `INSERT INTO "PassportCredential" ("productId", "version", "statusListId", "statusIndex", "kid", "jwt", "sha256", "issuedAt")
       SELECT p, 1, $2, i, $3, j, h, now() FROM unnest($1::uuid[], $4::int[], $5::text[], $6::text[]) AS x(p, i, j, h)`,
      [sources.map((s) => s.id), list.id, key.kid, slots.map((s) => s.index), jwts, jwts.map((j) => sha256Hex(j))],
    );
  }

  /**
   * A clone's credential must be what the service issues for its version (`issuePassportCredential` over the rows
   * as stored, in its slot), signed by the company's key, its digest that of the bytes `/v/1` serves, and served
   * intact by the credential route's read.
   */
  private async checkCredential(clone: { id: string; slug: string }) {
    const version = await this.db.passportVersion.findUniqueOrThrow({
      where: { productId_version: { productId: clone.id, version: 1 } },
      include: { product: { include: { company: true, category: true } } },
    });
    const stored = await this.db.passportCredential.findUniqueOrThrow({
      where: { productId_version: { productId: clone.id, version: 1 } },
      include: { statusList: { select: { number: true } } },
    });
    const served = await readPublicSnapshot(clone.id, 1, this.db);
    if (!served) throw new Error(`The clone ${clone.slug} serves no version 1`);
    const issuer = issuerOf(version.product.company);
    const expected = passportCredential(
      { ...version.product, version: 1, publishedAt: version.publishedAt, publicView: served.bytes },
      issuer,
      statusEntries(issuer, {
        listId: stored.statusListId,
        listNumber: stored.statusList.number,
        index: stored.statusIndex,
      }),
    );
    const keyRow = await this.db.issuerKey.findFirstOrThrow({
      where: { companyId: version.product.companyId, kid: stored.kid },
    });
    const { payload, protectedHeader } = await compactVerify(
      stored.jwt,
      await importJWK(keyRow.publicJwk as Record<string, string>, 'EdDSA'),
    );
    const digest = `sha256-${createHash('sha256').update(served.bytes).digest('base64')}`;
    if (
      Buffer.from(payload).toString('utf8') !== JSON.stringify(expected) ||
      protectedHeader.kid !== `${issuer.did}#${stored.kid}` ||
      expected.relatedResource[0].digestSRI !== digest
    ) {
      throw new Error(`The credential of the clone ${clone.slug} differs from what the service issues for it`);
    }
    const read = await publicCredentialBySlug(clone.slug, 1);
    if (read.bytes.toString('utf8') !== stored.jwt) {
      throw new Error(`The credential route's read of the clone ${clone.slug} differs from the stored credential`);
    }
  }

  /** A clone's stored documents and public view must be byte for byte what the service builds for it from its rows. */
  private async checkClone(clone: { id: string; slug: string }, dpp: string, jsonld: string, aas: string) {
    const { lookup } = await loadPublicPassport({ slug: clone.slug }, this.db);
    if (lookup.kind !== 'published') throw new Error(`The clone ${clone.slug} is not served`);
    if (
      dppBody(lookup.passport).bytes.toString('utf8') !== dpp ||
      jsonLdBody(lookup.passport).bytes.toString('utf8') !== jsonld ||
      aasBody(lookup.passport).bytes.toString('utf8') !== aas
    ) {
      throw new Error(`The stored documents of the clone ${clone.slug} differ from what the service builds`);
    }
    const view = await this.pool.query<{ body: string }>(
      `SELECT body FROM "PublicSnapshot" WHERE "productId" = $1 AND version = 1`,
      [clone.id],
    );
    if ((await readPublicSnapshot(clone.id, 1, this.db))?.bytes.toString('utf8') !== view.rows[0]?.body) {
      throw new Error(`The stored public view of the clone ${clone.slug} differs from what the service builds`);
    }
  }

  /**
   * The history of dynamic data at volume: `count` stored BMS reports spread over the seeded passports, an hour apart
   * per passport and ending now, inserted by SQL in batches of 100,000 (one statement each), then settled. The BMS
   * scenario and the public reads then run beside a TelemetryReport table of this size (`BENCH_TELEMETRY_REPORTS`).
   */
  async seedTelemetry(count: number): Promise<void> {
    const ids = this.passports.map((p) => p.id);
    if (ids.length === 0) throw new Error('Seed passports before their telemetry');
    const batch = 100_000;
    for (let from = 0; from < count; from += batch) {
      await this.pool.query(
        `INSERT INTO "TelemetryReport" ("productId", "reportedAt", "receivedAt", "values")
         SELECT ($1::uuid[])[1 + n % cardinality($1::uuid[])],
           (now() AT TIME ZONE 'UTC') - ($3::int - n) / cardinality($1::uuid[]) * interval '1 hour',
           (now() AT TIME ZONE 'UTC') - ($3::int - n) / cardinality($1::uuid[]) * interval '1 hour',
           jsonb_build_object('current_soh_pct', 100 - (n / cardinality($1::uuid[])) * 0.001,
             'current_cycle_count', n / cardinality($1::uuid[]), 'totalEnergyThroughputKwh', n / cardinality($1::uuid[]) * 0.5)
         FROM generate_series($2::int, $2::int + $4::int - 1) AS n`,
        [ids, from, count, Math.min(batch, count - from)],
      );
    }
    await this.settle(['TelemetryReport']);
  }

  /** Drafts for the signed-write scenario (5). */
  async drafts(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push((await createTestProduct(this.db, { companyId: this.companyId, name: `Bench Draft ${i}` })).id);
    return ids;
  }

  async close() {
    await this.pool.end();
  }
}
