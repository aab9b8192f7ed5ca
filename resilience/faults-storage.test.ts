// Object storage failing (DOCUMENT_STORAGE=s3 against a fake S3 that errs, resets or hangs), against the production
// build: uploads answer 502 UPLOAD_FAILED and leave nothing behind, downloads 502 DOWNLOAD_FAILED, a hung store is
// given up after OBJECT_STORAGE_TIMEOUT_MS, and everything works again once the store does.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildMultipart, type EvidenceDocument } from '../lib/client/documents';
import { createPrismaClient, type Db } from '../lib/db/client';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { SAMPLES } from '../testing/document-samples';
import { createTestProduct } from '../testing/factories';
import { apiTenant } from '../testing/integration-client';
import { type Answer, timedFetch } from './faults-kit';
import { type FakeS3, type FakeS3Mode, startFakeS3 } from './kit/fake-s3';
import { figure } from './kit/figures';
import { type RunningService, startService } from './kit/service';

const SUITE = 'faults';
const STORAGE_TIMEOUT_MS = 2_000;

let database: TestDatabase;
let s3: FakeS3;
let service: RunningService;
let db: Db;
let tenant: Awaited<ReturnType<typeof apiTenant>>;
let productId: string;

beforeAll(async () => {
  database = await createTestDatabase('faults_storage');
  s3 = await startFakeS3();
  service = await startService({
    databaseUrl: database.url,
    env: {
      TRUSTED_PROXY_HOPS: '1',
      DOCUMENT_STORAGE: 's3',
      S3_ENDPOINT: s3.url,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: 'AKIDFAULTS',
      S3_SECRET_ACCESS_KEY: 'faults-secret',
      OBJECT_STORAGE_TIMEOUT_MS: String(STORAGE_TIMEOUT_MS),
    },
  });
  db = createPrismaClient(database.url);
  tenant = await apiTenant(db, service.baseUrl);
  productId = (await createTestProduct(db, { companyId: tenant.company.id })).id;
});

afterAll(async () => {
  await service?.stop();
  await s3?.close();
  await db?.$disconnect();
  await database?.dispose();
});

/** One logical upload per key: the same key always sends the same bytes (boundary included), as a retry must. */
async function upload(idempotencyKey = randomUUID()): Promise<Answer> {
  const input = {
    file: SAMPLES.pdf.bytes,
    fileName: 'conformity.pdf',
    documentType: 'declaration_of_conformity' as const,
    title: `Conformity ${idempotencyKey.slice(0, 8)}`,
  };
  const { body, contentType } = buildMultipart(input, `----faults${idempotencyKey.replace(/-/g, '')}`);
  const started = Date.now();
  const res = await tenant.client.send<EvidenceDocument>('POST', `/api/v1/products/${productId}/documents`, {
    rawBody: body,
    contentType,
    idempotencyKey,
  });
  return { status: res.status, headers: res.headers, body: res.data, ms: Date.now() - started };
}

async function download(id: string): Promise<Answer> {
  const started = Date.now();
  const res = await tenant.client.send('GET', `/api/v1/documents/${id}/download`, {
    responseType: 'bytes',
    headers: { Accept: '*/*' },
  });
  return { status: res.status, headers: res.headers, body: res.data, ms: Date.now() - started };
}

/** Everything an upload leaves: rows, audit entries, outbox events, stored objects, the company's storage count. */
async function footprint() {
  const [documents, audits, events, company] = await Promise.all([
    db.document.count({ where: { productId } }),
    db.auditLog.count({ where: { productId, eventType: 'DocumentUploaded' } }),
    db.webhookEvent.count({ where: { companyId: tenant.company.id, type: 'document.uploaded' } }),
    db.company.findUniqueOrThrow({ where: { id: tenant.company.id }, select: { storageUsedBytes: true } }),
  ]);
  return { documents, audits, events, objects: s3.objects.size, storageUsedBytes: Number(company.storageUsedBytes) };
}

function expectIntegrationError(answer: Answer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error).toMatchObject({ code, message: expect.any(String), requestId: expect.any(String) });
  expect(answer.headers.get('x-service-request-id')).toBe(answer.body.error.requestId);
}

describe('object storage failing', () => {
  let stored: EvidenceDocument;

  beforeAll(async () => {
    const first = await upload();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    stored = first.body;
    expect(s3.objects.size).toBe(1);
    // The baseline, which also loads the download route before anything is timed.
    const fetched = await download(stored.id);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(fetched.body)).toEqual(Buffer.from(SAMPLES.pdf.bytes));
  });

  test.each<FakeS3Mode>(['error', 'reset', 'hang'])(
    '%s: upload answers 502 UPLOAD_FAILED in bounded time and leaves no row, audit entry, event, object or storage charge; download answers 502 DOWNLOAD_FAILED',
    async (mode) => {
      const before = await footprint();
      s3.set(mode);
      let failedUpload: Answer;
      let failedDownload: Answer;
      const idempotencyKey = randomUUID();
      try {
        failedUpload = await upload(idempotencyKey);
        failedDownload = await download(stored.id);
      } finally {
        s3.set('ok');
      }
      expectIntegrationError(failedUpload, 502, 'UPLOAD_FAILED');
      expectIntegrationError(failedDownload, 502, 'DOWNLOAD_FAILED');
      // A hung store is given up after the timeout: the PUT, then the clean-up DELETE, each at most one timeout. A store
      // that answers (an error, a reset) is answered at once, never after the deadline.
      const deadlines =
        mode === 'hang'
          ? { upload: 2 * STORAGE_TIMEOUT_MS + 5_000, download: STORAGE_TIMEOUT_MS + 5_000 }
          : { upload: STORAGE_TIMEOUT_MS, download: STORAGE_TIMEOUT_MS };
      expect(failedUpload.ms).toBeLessThan(deadlines.upload);
      expect(failedDownload.ms).toBeLessThan(deadlines.download);
      const afterFailure = await footprint();
      const leftBehind = (Object.keys(before) as (keyof typeof before)[]).filter((k) => afterFailure[k] !== before[k]);
      expect(afterFailure).toEqual(before);

      // Transient, as the contract says: the same upload retried with its key once the store is back executes once.
      const retried = await upload(idempotencyKey);
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      expect(await upload(idempotencyKey)).toMatchObject({ status: 201, body: { id: retried.body.id } });
      const after = await footprint();
      expect(after).toEqual({
        ...before,
        documents: before.documents + 1,
        audits: before.audits + 1,
        events: before.events + 1,
        objects: before.objects + 1,
        storageUsedBytes: before.storageUsedBytes + SAMPLES.pdf.bytes.byteLength,
      });
      const fetched = await download(retried.body.id);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(fetched.body)).toEqual(Buffer.from(SAMPLES.pdf.bytes));

      figure(SUITE, `object storage ${mode}: upload answered 502 UPLOAD_FAILED in`, failedUpload.ms, 'ms');
      figure(SUITE, `object storage ${mode}: download answered 502 DOWNLOAD_FAILED in`, failedDownload.ms, 'ms');
      figure(SUITE, `object storage ${mode}: traces left by the failed upload`, leftBehind.length);
    },
  );

  test('a document whose object is gone answers 404 NO_FILE at once, not after the storage deadline', async () => {
    const uploaded = await upload();
    expect(uploaded.status).toBe(201);
    const { storageKey } = await db.document.findUniqueOrThrow({ where: { id: uploaded.body.id } });
    expect(s3.objects.delete(storageKey)).toBe(true);
    const answer = await download(uploaded.body.id);
    expectIntegrationError(answer, 404, 'NO_FILE');
    expect(answer.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
    figure(SUITE, 'object storage: missing object answered 404 NO_FILE in', answer.ms, 'ms');
  });

  test('health and document metadata do not wait on object storage: they answer while the store hangs', async () => {
    s3.set('hang');
    try {
      const health = await timedFetch(`${service.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      const listed = await tenant.client.send('GET', `/api/v1/products/${productId}/documents`);
      expect(listed.status).toBe(200);
    } finally {
      s3.set('ok');
    }
  });
});
