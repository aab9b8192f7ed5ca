import { sha256Hex } from '../crypto/secrets';
import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { defineJob } from '../jobs/job';
import { jobsRunning } from '../jobs/runner';
import { logger } from '../log';
import { publicViewOf } from '../passport/public/representations';
import { issuePassportCredential } from './issue';
import { setProductStatus } from './status';

const PAGE = 200;

/**
 * Versions published before credentials existed (a database upgraded to this release) get theirs: each in its
 * own transaction with its product locked, signed now by the company's current key, its validFrom the version's
 * publication time, and its status set from the product's state (a withdrawn passport's revoked, a deprecated
 * one's suspended). Resumable and idempotent: it only ever looks for versions still without a credential, and a
 * version whose snapshot fails its hash is left alone (logged) rather than signed.
 */
export async function issueMissingCredentials(shouldStop: () => boolean = () => false) {
  let issued = 0;
  let skipped = 0;
  const refused = new Set<string>();
  while (!shouldStop()) {
    const missing = await prisma.$queryRaw<{ productId: string; version: number }[]>`
      SELECT v."productId", v."version" FROM "PassportVersion" v
      LEFT JOIN "PassportCredential" c ON c."productId" = v."productId" AND c."version" = v."version"
      WHERE c."productId" IS NULL ORDER BY v."publishedAt", v."productId" LIMIT ${PAGE}`;
    const todo = missing.filter((m) => !refused.has(`${m.productId} ${m.version}`));
    if (todo.length === 0) break;
    for (const { productId, version } of todo) {
      if (shouldStop()) break;
      const done = await issueOne(productId, version).catch((err: unknown) => {
        logger().error({ err, productId, version }, 'credential not issued for an earlier version');
        return false;
      });
      if (done) issued++;
      else {
        skipped++;
        refused.add(`${productId} ${version}`);
      }
    }
  }
  return { issued, skipped };
}

async function issueOne(productId: string, version: number): Promise<boolean> {
  return inTransaction(prisma, async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Product" WHERE "id" = ${productId}::uuid FOR UPDATE`;
    const exists = await tx.passportCredential.count({ where: { productId, version } });
    if (exists > 0) return true;
    const row = await tx.passportVersion.findUniqueOrThrow({
      where: { productId_version: { productId, version } },
      include: { product: { include: { company: true, category: true } } },
    });
    const bytes = Buffer.from(row.snapshot);
    if (sha256Hex(bytes) !== row.sha256) {
      logger().error({ productId, version }, 'snapshot fails its hash: no credential issued for it');
      return false;
    }
    const { product } = row;
    await issuePassportCredential(tx, {
      ...product,
      version,
      publishedAt: row.publishedAt,
      publicView: publicViewOf(bytes).bytes,
    });
    // A new revision: the stored viewer page and documents are made again, now linking the credential.
    await tx.$executeRaw`UPDATE "Product" SET "revision" = "revision" WHERE "id" = ${productId}::uuid`;
    if (product.state === 'WITHDRAWN') await setProductStatus(tx, product, 'revocation', true);
    if (product.state === 'DEPRECATED') await setProductStatus(tx, product, 'suspension', true);
    return true;
  });
}

/** At launch and hourly: credentials for versions that have none (see `issueMissingCredentials`). */
export const credentialsBackfillJob = defineJob<Record<string, never>>({
  name: 'credentials-backfill',
  cron: '23 * * * *',
  startAtLaunch: true,
  queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 4 * 3600 },
  async handler() {
    return issueMissingCredentials(() => !jobsRunning());
  },
});
