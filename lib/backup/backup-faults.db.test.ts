import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../resilience/kit/fake-s3';
import { startTcpProxy, type TcpProxy } from '../../resilience/kit/tcp-proxy';
import { createPublishedPassport, createTestCompany } from '../../testing/factories';
import { disconnectPrisma, prisma } from '../db/client';
import { s3Storage } from '../documents/s3-storage';
import { systemActor } from '../domain/context';
import { withdrawProduct } from '../passport/lifecycle';
import { publicRepresentation } from '../passport/public/representations';
import { backupStaticSource, renderBackupRefusal } from '../server/backup';
import { exportStaticFromBackup } from '../server/static-export/from-backup';
import { backupLag } from './lag';
import type { BackupManifest } from './layout';
import { runBackupPass } from './pass';
import { verifyBackup } from './verify';

let s3: FakeS3;
let proxy: TcpProxy;
let target: ReturnType<typeof s3Storage>;

beforeAll(async () => {
  s3 = await startFakeS3('backup');
  const port = Number(new URL(s3.url).port);
  proxy = await startTcpProxy({ host: '127.0.0.1', port });
  target = s3Storage({
    endpoint: `http://127.0.0.1:${proxy.port}`,
    bucket: 'backup',
    region: 'us-east-1',
    accessKeyId: 'test',
    secretAccessKey: 'test',
    timeoutMs: 1_000,
  });
});
afterAll(async () => {
  await proxy.close();
  await s3.close();
  await disconnectPrisma();
});

const pass = (companyId: string, now: Date) =>
  runBackupPass({ target, renderRefusal: renderBackupRefusal, statics: backupStaticSource, now, companyId });
const replicaOf = (productId: string) => prisma.backupReplica.findUniqueOrThrow({ where: { productId } });
const manifestOf = (slug: string) =>
  JSON.parse(s3.objects.get(`passports/${slug}/manifest.json`)!.toString('utf8')) as BackupManifest;

describe('back-up replication to an S3 target that goes away', () => {
  it('delays, never loses, a copy: changes wait while the store is down and all arrive once it is back', async () => {
    const company = await createTestCompany(prisma);
    const a = await createPublishedPassport(prisma, { companyId: company.id });
    const b = await createPublishedPassport(prisma, { companyId: company.id });
    let now = new Date();
    expect(await pass(company.id, now)).toMatchObject({ replicated: 2, failed: 0 });

    proxy.set('refuse');
    await withdrawProduct({
      ctx: { companyId: company.id, actor: systemActor('test') },
      input: { productId: a.id, reason: 'Recalled' },
    });
    const c = await createPublishedPassport(prisma, { companyId: company.id });
    expect(await pass(company.id, now)).toMatchObject({ replicated: 0, failed: 2 });
    const failed = await replicaOf(c.id);
    expect(failed).toMatchObject({ revision: -1, attempts: 1, leaseUntil: null });
    expect(failed.lastError).toMatch(/Object storage/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    // Backing off: not tried again before its time, and still counted as pending.
    expect(await pass(company.id, now)).toMatchObject({ replicated: 0, failed: 0 });
    const lag = await backupLag(new Date(now.getTime() + 30_000));
    expect(lag.pending).toBeGreaterThanOrEqual(2);
    expect(lag.lagSeconds).toBeGreaterThanOrEqual(30);

    now = new Date(now.getTime() + 3_600_000);
    expect(await pass(company.id, now)).toMatchObject({ replicated: 0, failed: 2 });
    expect((await replicaOf(a.id)).attempts).toBe(2);

    proxy.set('open');
    now = new Date(now.getTime() + 3_600_000);
    expect(await pass(company.id, now)).toMatchObject({ replicated: 2, failed: 0 });
    expect(await replicaOf(c.id)).toMatchObject({ attempts: 0, lastError: null, dueSince: null });
    expect(manifestOf(a.slug).state).toBe('withdrawn');
    expect(manifestOf(c.slug).state).toBe('published');
    expect(s3.objects.get(`passports/${c.slug}/dpp.json`)).toEqual(
      Buffer.from((await publicRepresentation({ form: 'dpp', slug: c.slug })).bytes),
    );
    expect(manifestOf(b.slug).revision).toBe(
      (await prisma.product.findUniqueOrThrow({ where: { id: b.id } })).revision,
    );
    expect(await verifyBackup({ target, companyId: company.id })).toMatchObject({ ok: true, passports: 3 });

    // The bucket alone rebuilds the static site (listing its passports through ListObjectsV2).
    const out = mkdtempSync(path.join(tmpdir(), 'bps-s3-export-'));
    try {
      const site = await exportStaticFromBackup({ out, target, company: company.slug });
      expect(site).toMatchObject({ source: 'backup', passports: { published: 2, withdrawn: 1 }, unavailable: [] });
      expect(readFileSync(path.join(out, 'api', 'dpp', c.slug, 'index.json'))).toEqual(
        Buffer.from((await publicRepresentation({ form: 'dpp', slug: c.slug })).bytes),
      );
      expect(s3.requests.some((r) => r.method === 'GET' && r.key === '')).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
