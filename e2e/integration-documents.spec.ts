// HTTP contract of evidence documents, through the integrator client: upload (multipart signed as raw bytes, typed
// by its content), list, download with digest headers, and every named refusal.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { buildMultipart } from '../lib/client/documents';
import { signIntegrationRequest } from '../lib/client/signing';
import { config } from '../lib/config';
import { localPathOf } from '../lib/documents/local-storage';
import { IMPOSTORS, SAMPLES } from '../testing/document-samples';
import { expect, test } from '../testing/e2e/fixtures';
import { BASE_URL, db, newTenant, refusal } from '../testing/e2e/integration';
import { createTestProduct } from '../testing/factories';

const codeOf = async (promise: Promise<unknown>) => {
  const e = await refusal(promise);
  return `${e.status} ${e.code}`;
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function tenantWithProduct(company: Parameters<ReturnType<typeof db>['company']['update']>[0]['data'] = {}) {
  const tenant = await newTenant();
  if (Object.keys(company).length) await db().company.update({ where: { id: tenant.company.id }, data: company });
  const product = await createTestProduct(db(), { companyId: tenant.company.id });
  return { ...tenant, product };
}
const upload = (file: Uint8Array, fileName = 'evidence.pdf', contentType = 'application/pdf') =>
  ({ file, fileName, contentType, documentType: 'test_report', title: 'Cell test report', language: 'en' }) as const;

test.describe('evidence documents', () => {
  test('uploads every accepted type (201, typed by its bytes), lists them and downloads the exact bytes', async () => {
    const { client, product } = await tenantWithProduct();
    const uploaded = [];
    for (const sample of Object.values(SAMPLES)) {
      // Every file claims to be a PDF: the stored type is what the bytes are.
      const document = await client.uploadDocument(product.id, upload(sample.bytes, sample.name));
      expect(document).toMatchObject({
        productId: product.id,
        contentType: sample.type,
        byteLength: sample.bytes.length,
        sha256: sha256(sample.bytes),
        fileName: sample.name,
        language: 'en',
      });
      uploaded.push(document);
    }
    const listed = await client.listDocuments(product.id);
    expect(listed.data.map((d) => d.id).sort()).toEqual(uploaded.map((d) => d.id).sort());
    expect(listed.nextCursor).toBeNull();
    const png = uploaded.find((d) => d.contentType === 'image/png')!;
    expect(png.downloadUrl).toBe(`${BASE_URL}/api/v1/documents/${png.id}/download`);
    const { bytes, headers } = await client.downloadDocument(png.id);
    expect(sha256(bytes)).toBe(png.sha256);
    expect(headers.get('content-type')).toBe('image/png');
    expect(headers.get('content-length')).toBe(String(png.byteLength));
    expect(headers.get('content-disposition')).toBe('attachment; filename="label.png"');
    expect(headers.get('repr-digest')).toBe(`sha-256=:${Buffer.from(png.sha256, 'hex').toString('base64')}:`);
    expect(headers.get('etag')).toBe(`"${png.sha256}"`);
    expect(await db().auditLog.count({ where: { productId: product.id, eventType: 'DocumentUploaded' } })).toBe(
      Object.keys(SAMPLES).length,
    );
  });

  test('refuses a zip or an executable disguised as a PDF with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const { client, product } = await tenantWithProduct();
    for (const bytes of [IMPOSTORS.zip, IMPOSTORS.exe]) {
      expect(await codeOf(client.uploadDocument(product.id, upload(bytes, 'invoice.pdf', 'application/pdf')))).toBe(
        '415 UNSUPPORTED_MEDIA_TYPE',
      );
    }
    expect(await db().document.count({ where: { productId: product.id } })).toBe(0);
  });

  test('answers FILE_REQUIRED, INVALID_METADATA and MALFORMED_BODY for the body, and 404 for an unknown product', async () => {
    const { client, product } = await tenantWithProduct();
    expect(await codeOf(client.uploadDocument(product.id, upload(new Uint8Array())))).toBe('400 FILE_REQUIRED');
    const noFile = '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--b--\r\n';
    const res = await client.send('POST', `/api/v1/products/${product.id}/documents`, {
      rawBody: noFile,
      contentType: 'multipart/form-data; boundary=b',
    });
    expect([res.status, res.data.error.code]).toEqual([400, 'FILE_REQUIRED']);
    const bad = await refusal(
      client.uploadDocument(product.id, { ...upload(SAMPLES.pdf.bytes), documentType: 'invoice' as never, title: '' }),
    );
    expect([bad.status, bad.code, bad.body.error.details.issues.map((i: { path: string }) => i.path).sort()]).toEqual([
      422,
      'INVALID_METADATA',
      ['documentType', 'title'],
    ]);
    const json = await client.send('POST', `/api/v1/products/${product.id}/documents`, { body: { title: 'x' } });
    expect([json.status, json.data.error.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(await codeOf(client.uploadDocument(crypto.randomUUID(), upload(SAMPLES.pdf.bytes)))).toBe('404 NOT_FOUND');
  });

  test("accepts an upload larger than the framework's default 10 MB body buffer, byte for byte", async () => {
    const { client, product } = await tenantWithProduct();
    const head = new TextEncoder().encode('%PDF-1.4\n');
    const tail = new TextEncoder().encode('\n%%EOF\n');
    const file = new Uint8Array(11 * 1024 * 1024).fill(32);
    file.set(head, 0);
    file.set(tail, file.length - tail.length);
    const document = await client.uploadDocument(product.id, upload(file, 'large.pdf'));
    expect([document.contentType, document.byteLength, document.sha256]).toEqual([
      'application/pdf',
      file.length,
      sha256(file),
    ]);
    const downloaded = await client.downloadDocument(document.id);
    expect([downloaded.headers.get('content-length'), sha256(downloaded.bytes)]).toEqual([
      String(file.length),
      document.sha256,
    ]);
    await rm(
      localPathOf(
        config().DOCUMENTS_DIR,
        (await db().document.findUniqueOrThrow({ where: { id: document.id } })).storageKey,
      ),
    );
  });

  test('answers 422 FILE_INVALID for an upload over 25 MiB, refused before the body is read', async () => {
    const { client, product } = await tenantWithProduct();
    expect(await codeOf(client.uploadDocument(product.id, upload(new Uint8Array(26 * 1024 * 1024).fill(37))))).toBe(
      '422 FILE_INVALID',
    );
    expect(await db().document.count({ where: { productId: product.id } })).toBe(0);
  });

  test("answers 422 STORAGE_LIMIT past the company's storage limit and 403 FORBIDDEN_MODULE without the module", async () => {
    const limited = await tenantWithProduct({ storageLimitBytes: BigInt(SAMPLES.pdf.bytes.length + 10) });
    await limited.client.uploadDocument(limited.product.id, upload(SAMPLES.pdf.bytes));
    const e = await refusal(limited.client.uploadDocument(limited.product.id, upload(SAMPLES.pdf.bytes)));
    expect([e.status, e.code]).toEqual([422, 'STORAGE_LIMIT']);
    const noModule = await tenantWithProduct({ modules: ['integration_api'] });
    expect(await codeOf(noModule.client.uploadDocument(noModule.product.id, upload(SAMPLES.pdf.bytes)))).toBe(
      '403 FORBIDDEN_MODULE',
    );
  });

  test("answers 404 for another tenant's document and 404 NO_FILE once its stored file is gone", async () => {
    const { client, product } = await tenantWithProduct();
    const document = await client.uploadDocument(product.id, upload(SAMPLES.json.bytes, 'data.json'));
    const outsider = await newTenant();
    expect(await codeOf(outsider.client.downloadDocument(document.id))).toBe('404 NOT_FOUND');
    expect(await codeOf(outsider.client.listDocuments(product.id))).toBe('404 NOT_FOUND');
    const row = await db().document.findUniqueOrThrow({ where: { id: document.id } });
    await rm(localPathOf(config().DOCUMENTS_DIR, row.storageKey));
    expect(await codeOf(client.downloadDocument(document.id))).toBe('404 NO_FILE');
  });

  test('verifies the signature over the raw multipart bytes: one tampered byte is 401 INVALID_SIGNATURE', async () => {
    const { key, address, product } = await tenantWithProduct();
    const { body, contentType } = buildMultipart(upload(SAMPLES.pdf.bytes));
    const path = `/api/v1/products/${product.id}/documents`;
    const signed = signIntegrationRequest({
      method: 'POST',
      pathWithQuery: path,
      body,
      signingSecret: key.signingSecret,
    });
    const tampered = body.slice();
    tampered[tampered.length - 30] ^= 1;
    const res = await fetch(BASE_URL + path, {
      method: 'POST',
      body: tampered,
      headers: {
        Authorization: `Bearer ${key.key}`,
        'Content-Type': contentType,
        'Idempotency-Key': crypto.randomUUID(),
        'X-Forwarded-For': address,
        ...signed,
      },
    });
    expect([res.status, (await res.json()).error.code]).toEqual([401, 'INVALID_SIGNATURE']);
    expect(await db().document.count({ where: { productId: product.id } })).toBe(0);
  });
});
