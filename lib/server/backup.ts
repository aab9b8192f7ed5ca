import { type BackupPassOptions, runBackupPass } from '../backup/pass';
import type { RefusalRenderer } from '../backup/passport-files';
import type { StaticFile, StaticSource } from '../backup/static-source';
import { config } from '../config';
import { type Db, prisma, type Tx } from '../db/client';
import { renderPublicError } from '../http/errors';
import { sessionJob } from '../jobs/session-job';
import { SiteCollector } from './static-export/collector';
import { issuerFolder, writeCommon, writeIssuer } from './static-export/export';
import { mediaTypeOf } from './static-export/layout';
import { writePassport } from './static-export/passport-files';

/** A refusal's body exactly as the public routes render it (the request id travels in a header, not the body). */
export const renderBackupRefusal: RefusalRenderer = async (error) => {
  const response = renderPublicError(error, { requestId: 'backup' });
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    contentType: response.headers.get('Content-Type') ?? 'application/json',
  };
};

const staticFiles = (collector: SiteCollector, below = ''): StaticFile[] =>
  collector.files.map((f) => ({
    path: f.path.slice(below.length),
    bytes: f.bytes,
    contentType: mediaTypeOf(f.path),
  }));

/**
 * The static copy the back-up keeps beside each passport's files: the same files `npm run -s export:static` writes
 * (lib/server/static-export), so `export:static --from-backup` rebuilds the site from the back-up alone.
 */
export const backupStaticSource: StaticSource = {
  async passport(slug) {
    const collector = new SiteCollector();
    const outcome = await writePassport(collector, slug, config().BASE_URL);
    if (outcome.kind === 'not_found') return null;
    return { files: staticFiles(collector), meta: { snapshots: collector.snapshots, noindex: collector.noindexed } };
  },
  async common() {
    const collector = new SiteCollector();
    await writeCommon(collector);
    return staticFiles(collector);
  },
  async issuer(companySlug) {
    const collector = new SiteCollector();
    if (!(await writeIssuer(collector, companySlug))) return null;
    return staticFiles(collector, `${issuerFolder(companySlug)}/`);
  },
};

/** One pass of the back-up as the worker runs it: the passports' files, their static copy and its shared files. */
export const backupPass = (options: Omit<BackupPassOptions, 'renderRefusal' | 'statics'> = {}) =>
  runBackupPass({ ...options, renderRefusal: renderBackupRefusal, statics: backupStaticSource });

/** Ends the row leases a dead worker held; run only by the session that took the worker's lapsed lease over. */
export async function releaseDeadBackupClaims(db: Db | Tx = prisma): Promise<number> {
  return db.$executeRaw`
    UPDATE "BackupReplica" SET "leaseUntil" = NULL WHERE "leaseUntil" > (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')`;
}

/** The back-up worker: a change reaches BACKUP_TARGET within seconds; without BACKUP_TARGET the pass does nothing. */
export const backupJob = sessionJob({
  name: 'backup',
  pass: () => backupPass(),
  empty: { replicated: 0, failed: 0, filesWritten: 0 },
  busy: (output) => output.replicated + output.failed > 0,
  releaseClaims: () => releaseDeadBackupClaims(),
});
