import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSignature } from '../../testing/bms';
import { tempStorage } from '../../testing/documents';
import { createPublishedPassport, createTestBmsSecret, createTestCompany } from '../../testing/factories';
import { bmsContext, ingestTelemetry } from '../bms/ingest-telemetry';
import { disconnectPrisma, prisma } from '../db/client';
import type { Prisma } from '../db/generated/client';
import { setDocumentStorageForTests } from '../documents/storage';
import { systemActor } from '../domain/context';
import { renderPublicError } from '../http/errors';
import { approveProduct, withdrawProduct } from '../passport/lifecycle';
import { publicRepresentation } from '../passport/public/representations';
import { renderBackupRefusal } from '../server/backup';
import { directoryTarget } from './directory-target';
import { type BackupManifest, sha256Of } from './layout';
import { runBackupPass } from './pass';
import { verifyBackup } from './verify';

const ctxOf = (companyId: string) => ({ companyId, actor: systemActor('test') });
let root: string;
const target = () => directoryTarget(root);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await disconnectPrisma();
});

/** Passes over the company's passports until none is due, the clock an hour further each time (past any retry). */
async function replicateAll(companyId: string) {
  let now = new Date();
  const total = { replicated: 0, filesWritten: 0 };
  for (let i = 0; i < 10; i++) {
    const s = await runBackupPass({ target: target(), renderRefusal: renderBackupRefusal, now, companyId });
    total.replicated += s.replicated;
    total.filesWritten += s.filesWritten;
    if (s.replicated + s.failed === 0) return total;
    now = new Date(now.getTime() + 3_600_000);
  }
  throw new Error('passports still due after 10 passes');
}

const manifestOf = async (slug: string) =>
  JSON.parse(await readFile(path.join(root, 'passports', slug, 'manifest.json'), 'utf8')) as BackupManifest;
const fileOf = (slug: string, file: string) => readFile(path.join(root, 'passports', slug, file));
const bytesOf = async (want: Parameters<typeof publicRepresentation>[0]) =>
  Buffer.from((await publicRepresentation(want)).bytes);

async function publishAgain(companyId: string, productId: string, formData: Record<string, unknown>) {
  const p = await prisma.product.findUniqueOrThrow({ where: { id: productId } });
  await prisma.product.update({
    where: { id: productId },
    data: { state: 'SUBMITTED', formData: { ...(p.formData as object), ...formData } as Prisma.InputJsonObject },
  });
  await approveProduct({ ctx: ctxOf(companyId), input: { productId } });
}

describe('back-up replication', () => {
  it('copies a published passport under passports/<slug>/ with the bytes the live service serves and a manifest of their SHA-256', async () => {
    const company = await createTestCompany(prisma);
    const p = await createPublishedPassport(prisma, { companyId: company.id });
    expect((await replicateAll(company.id)).replicated).toBe(1);
    expect((await readdir(path.join(root, 'passports', p.slug))).sort()).toEqual([
      'dpp.json',
      'dpp.jsonld',
      'manifest.json',
      'v',
    ]);
    expect(await fileOf(p.slug, 'dpp.json')).toEqual(await bytesOf({ form: 'dpp', slug: p.slug }));
    expect(await fileOf(p.slug, 'dpp.jsonld')).toEqual(await bytesOf({ form: 'jsonld', slug: p.slug }));
    expect(await fileOf(p.slug, 'v/1.json')).toEqual(await bytesOf({ form: 'version', slug: p.slug, version: '1' }));
    expect(await fileOf(p.slug, 'v/1.credential.jwt')).toEqual(
      await bytesOf({ form: 'credential', slug: p.slug, version: '1' }),
    );
    const manifest = await manifestOf(p.slug);
    const current = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(manifest).toMatchObject({
      productId: p.id,
      slug: p.slug,
      state: 'published',
      version: 1,
      revision: current.revision,
    });
    expect(manifest.files.map((f) => f.path).sort()).toEqual([
      'dpp.json',
      'dpp.jsonld',
      'v/1.credential.jwt',
      'v/1.json',
    ]);
    for (const f of manifest.files) {
      const bytes = await fileOf(p.slug, f.path);
      expect({ path: f.path, sha256: sha256Of(bytes), bytes: bytes.byteLength }).toEqual({
        path: f.path,
        sha256: f.sha256,
        bytes: f.bytes,
      });
    }
    expect((await verifyBackup({ target: target(), companyId: company.id })).ok).toBe(true);
  });

  it('copies a passport again after a new version, a BMS update and a withdrawal, and keeps its versions once withdrawn', async () => {
    const company = await createTestCompany(prisma);
    const p = await createPublishedPassport(prisma, { companyId: company.id });
    await replicateAll(company.id);

    await publishAgain(company.id, p.id, { model_number: 'BK-2' });
    expect((await replicateAll(company.id)).replicated).toBe(1);
    expect((await manifestOf(p.slug)).version).toBe(2);
    expect(await fileOf(p.slug, 'v/2.json')).toEqual(await bytesOf({ form: 'version', slug: p.slug, version: '2' }));
    expect(await fileOf(p.slug, 'dpp.json')).toEqual(await bytesOf({ form: 'dpp', slug: p.slug }));

    const secret = await createTestBmsSecret(prisma, company.id);
    const before = await fileOf(p.slug, 'dpp.json');
    await ingestTelemetry({
      ctx: bmsContext({ id: secret.id, companyId: company.id }),
      input: { productId: p.id, update: { formDataPatch: { current_soh_pct: 51 } }, signature: reportSignature() },
    });
    expect((await replicateAll(company.id)).replicated).toBe(1);
    const afterBms = await fileOf(p.slug, 'dpp.json');
    expect(afterBms).not.toEqual(before);
    expect(afterBms).toEqual(await bytesOf({ form: 'dpp', slug: p.slug }));

    await withdrawProduct({ ctx: ctxOf(company.id), input: { productId: p.id, reason: 'Recalled' } });
    expect((await replicateAll(company.id)).replicated).toBe(1);
    const manifest = await manifestOf(p.slug);
    expect(manifest.state).toBe('withdrawn');
    const gone = await publicRepresentation({ form: 'dpp', slug: p.slug }).catch((e: unknown) => e);
    const live = Buffer.from(await renderPublicError(gone, { requestId: 'x' }).arrayBuffer());
    expect(renderPublicError(gone, { requestId: 'x' }).status).toBe(410);
    expect(await fileOf(p.slug, 'dpp.json')).toEqual(live);
    expect(manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['v/1.json', 'v/2.json', 'v/2.credential.jwt']),
    );
    expect((await verifyBackup({ target: target(), companyId: company.id })).ok).toBe(true);
  });

  it('rewrites nothing of a passport that did not change, and only the changed files of one that did', async () => {
    const company = await createTestCompany(prisma);
    const p = await createPublishedPassport(prisma, { companyId: company.id });
    await replicateAll(company.id);
    const firstWritten = (await manifestOf(p.slug)).writtenAt;
    expect(await replicateAll(company.id)).toEqual({ replicated: 0, filesWritten: 0 });
    expect((await manifestOf(p.slug)).writtenAt).toBe(firstWritten);
    const secret = await createTestBmsSecret(prisma, company.id);
    await ingestTelemetry({
      ctx: bmsContext({ id: secret.id, companyId: company.id }),
      input: { productId: p.id, update: { formDataPatch: { current_soh_pct: 77 } }, signature: reportSignature() },
    });
    // The JSON, the JSON-LD and the manifest: the version and its credential are unchanged.
    expect(await replicateAll(company.id)).toEqual({ replicated: 1, filesWritten: 3 });
  });

  it('verify lists a deleted file, a corrupted one and a copy older than the passport, and passes once replicated again', async () => {
    const company = await createTestCompany(prisma);
    const a = await createPublishedPassport(prisma, { companyId: company.id });
    const b = await createPublishedPassport(prisma, { companyId: company.id });
    const c = await createPublishedPassport(prisma, { companyId: company.id });
    await replicateAll(company.id);
    await rm(path.join(root, 'passports', a.slug, 'v/1.json'));
    await writeFile(path.join(root, 'passports', b.slug, 'dpp.jsonld'), '{"tampered":true}');
    await withdrawProduct({ ctx: ctxOf(company.id), input: { productId: c.id, reason: 'Recalled' } });
    const report = await verifyBackup({ target: target(), companyId: company.id });
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        { productId: a.id, slug: a.slug, problem: 'file_missing', path: 'v/1.json' },
        { productId: b.id, slug: b.slug, problem: 'sha256_differs', path: 'dpp.jsonld' },
        { productId: c.id, slug: c.slug, problem: 'stale', path: 'manifest.json' },
      ]),
    );
    expect(report.differences).toHaveLength(3);
    // A full copy (the replicated revision reset) restores what was lost.
    await prisma.backupReplica.updateMany({ where: { product: { companyId: company.id } }, data: { revision: -1 } });
    await replicateAll(company.id);
    expect((await verifyBackup({ target: target(), companyId: company.id })).ok).toBe(true);
  });

  it('copies evidence documents once, leaves out one whose stored bytes no longer match (verify names it), and drops a deleted one', async () => {
    const storage = await tempStorage();
    setDocumentStorageForTests(storage.storage);
    try {
      const company = await createTestCompany(prisma);
      const p = await createPublishedPassport(prisma, { companyId: company.id });
      await replicateAll(company.id);
      const addDocument = async (bytes: Buffer) => {
        const storageKey = randomUUID();
        await storage.storage.put(storageKey, bytes);
        return prisma.document.create({
          data: {
            companyId: company.id,
            productId: p.id,
            documentType: 'test_report',
            title: 'Cycle test',
            fileName: 'report.pdf',
            contentType: 'application/pdf',
            byteLength: bytes.byteLength,
            sha256: sha256Of(bytes),
            storageKey,
          },
        });
      };
      const report = Buffer.from('%PDF-1.7 cycle test report');
      const document = await addDocument(report);
      // The upload alone makes the passport due (the Document trigger bumps its revision): only the new file and
      // the manifest are written.
      expect(await replicateAll(company.id)).toEqual({ replicated: 1, filesWritten: 2 });
      expect(await fileOf(p.slug, `documents/${document.id}`)).toEqual(report);
      expect((await manifestOf(p.slug)).files).toContainEqual({
        path: `documents/${document.id}`,
        sha256: sha256Of(report),
        bytes: report.byteLength,
        contentType: 'application/pdf',
      });
      expect((await verifyBackup({ target: target(), companyId: company.id })).ok).toBe(true);

      const altered = await addDocument(Buffer.from('%PDF-1.7 declaration'));
      await storage.storage.put(altered.storageKey, Buffer.from('%PDF-1.7 altered in storage'));
      await replicateAll(company.id);
      await expect(fileOf(p.slug, `documents/${altered.id}`)).rejects.toThrow(/ENOENT/);
      expect((await verifyBackup({ target: target(), companyId: company.id })).differences).toEqual([
        { productId: p.id, slug: p.slug, problem: 'document_missing', path: `documents/${altered.id}` },
      ]);

      await prisma.document.delete({ where: { id: document.id } });
      await replicateAll(company.id);
      await expect(fileOf(p.slug, `documents/${document.id}`)).rejects.toThrow(/ENOENT/);
      expect((await manifestOf(p.slug)).files.map((f) => f.path)).not.toContain(`documents/${document.id}`);
    } finally {
      setDocumentStorageForTests(null);
    }
  });
});
