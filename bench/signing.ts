// Scenario 9, signed passports: the credential route's reads, and what signing a version's credential adds to its
// publication (the issuance alone, timed in transactions that roll back, against whole publications through the
// real approval verb, one after the other).

import type { Measured } from '../lib/bench/targets';
import { percentile } from '../lib/bench/targets';
import type { CredentialSource } from '../lib/credentials/issue';
import { issuePassportCredential } from '../lib/credentials/issue';
import type { PrismaClient } from '../lib/db/generated/client';
import { systemActor } from '../lib/domain/context';
import { withCheckDigit } from '../lib/gs1/gtin';
import { approveProduct } from '../lib/passport/lifecycle';
import { readPublicSnapshot } from '../lib/passport/public/snapshot-view';
import { loadCategorySchema } from '../lib/passport/schema-version';
import { exampleFormData } from '../lib/schema/examples';
import { createTestProduct } from '../testing/factories';
import { throughputRow } from './issuance';
import type { Target } from './measure';
import type { Passport } from './seed';

/** Each request a random passport's version 1 credential: the seeded versions all have theirs (bench/seed.ts). */
export const credentialScenario = (baseUrl: string, passports: readonly Passport[]): Target => ({
  id: 's9-credential',
  scenario: 9,
  label: `9 GET /api/dpp/{slug}/v/1/credential (${passports.length})`,
  url: baseUrl,
  countScans: true,
  request: {
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: `/api/dpp/${passports[Math.floor(Math.random() * passports.length)].slug}/v/1/credential`,
    }),
  },
});

class Rollback extends Error {}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: readonly number[]) => (values.length ? sum(values) / values.length : 0);

/** Submitted drafts of the schema's example data (what an operator sends for approval), as `createPublishedPassport` makes them. */
async function submittedDrafts(db: PrismaClient, companyId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const draft = await createTestProduct(db, {
      companyId,
      state: 'SUBMITTED',
      name: `Bench Signed ${i}`,
      gtin: withCheckDigit(`0420000${String(i).padStart(6, '0')}`),
      serialNumber: `BENCH-SIGNED-${i}`,
    });
    const schema = await loadCategorySchema(db, draft.categoryId, draft.schemaVersion);
    await db.product.update({ where: { id: draft.id }, data: { formData: exampleFormData(schema) as object } });
    ids.push(draft.id);
  }
  return ids;
}

/**
 * The issuance of one more version of a just published passport, alone, in a transaction that rolls back: a copy of
 * its version 1 as version 2 (untimed, the row the credential belongs to), then `issuePassportCredential` timed
 * with the source the publication gives it (the product, the version, its time and the bytes `/v/{version}` serves):
 * the key, a status slot of the company's list, the build and signature, the insert.
 */
async function issuanceAlone(db: PrismaClient, productId: string): Promise<number> {
  const product = await db.product.findUniqueOrThrow({
    where: { id: productId },
    include: { company: true, category: true },
  });
  const view = await readPublicSnapshot(productId, 1, db);
  if (!view) throw new Error(`The bench passport ${product.slug} serves no version 1`);
  let ms = -1;
  await db
    .$transaction(async (tx) => {
      const publishedAt = new Date();
      await tx.$executeRaw`
        INSERT INTO "PassportVersion" (id, "productId", version, snapshot, sha256, "byteLength", "schemaVersion", "publishedAt")
        SELECT gen_random_uuid(), "productId", 2, snapshot, sha256, "byteLength", "schemaVersion", ${publishedAt}
        FROM "PassportVersion" WHERE "productId" = ${productId}::uuid AND version = 1`;
      const source: CredentialSource = { ...product, version: 2, publishedAt, publicView: view.bytes };
      const started = performance.now();
      await issuePassportCredential(tx, source);
      ms = performance.now() - started;
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  if (ms < 0) throw new Error('The issuance was not timed');
  return ms;
}

/**
 * `count` publications through the real approval verb (snapshot, public view and documents, credential, audit row,
 * events), one after the other in the harness process, each followed by the issuance of a credential for the same
 * passport alone (rolled back): pairs side by side, so the machine's drift falls on both. The row's share is the
 * issuance's time over the rest of the publication's: sum(issuance) / (sum(publication) - sum(issuance)).
 * `warmup` pairs first, not counted.
 */
export async function issuanceShare(
  db: PrismaClient,
  companyId: string,
  options: { count: number; warmup: number },
): Promise<Measured> {
  const drafts = await submittedDrafts(db, companyId, options.count + options.warmup);
  const ctx = { companyId, mode: 'LIVE' as const, actor: systemActor('bench') };
  const publications: number[] = [];
  const issuances: number[] = [];
  for (const [i, productId] of drafts.entries()) {
    const started = performance.now();
    await approveProduct({ ctx, input: { productId }, db });
    const publication = performance.now() - started;
    const issuance = await issuanceAlone(db, productId);
    if (i < options.warmup) continue;
    publications.push(publication);
    issuances.push(issuance);
  }
  const rest = sum(publications) - sum(issuances);
  const share = rest > 0 ? sum(issuances) / rest : Number.POSITIVE_INFINITY;
  const fmt = (n: number) => n.toFixed(2);
  const label = `9 publish ${options.count} passports one by one (publications/s; issuance ${share.toFixed(3)} x the rest)`;
  const notes = [
    `${options.count} approvals of submitted drafts through the real verb in the harness process, one at a time, after ${options.warmup} not counted: mean ${fmt(mean(publications))} ms, p50 ${percentile(publications, 50)} ms, p99 ${percentile(publications, 99)} ms`,
    `issuing a credential alone for each (issuePassportCredential in a transaction rolled back after it): mean ${fmt(mean(issuances))} ms, p50 ${percentile(issuances, 50)} ms, p99 ${percentile(issuances, 99)} ms`,
    `issuance / (publication - issuance) = ${fmt(sum(issuances))} / (${fmt(sum(publications))} - ${fmt(sum(issuances))}) ms = ${share.toFixed(3)} (target <= 0.2); medians: ${(percentile(issuances, 50) / (percentile(publications, 50) - percentile(issuances, 50))).toFixed(3)}`,
  ];
  const latencies = { scenario: 9, p50Ms: percentile(publications, 50), p99Ms: percentile(publications, 99) };
  return {
    ...throughputRow('s9-publish', label, publications.length, sum(publications) / 1000, notes, latencies),
    addedShare: share,
  };
}
