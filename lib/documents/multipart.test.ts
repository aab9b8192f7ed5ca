import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../testing/document-samples';
import { buildMultipart } from '../client/documents';
import type { ServiceError } from '../errors';
import { statusOf } from '../http/error-codes';
import { contentDisposition, reprDigest } from './disposition';
import { safeFileName } from './metadata';
import { parseUpload } from './multipart';

const MAX = 1024;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (e: ServiceError) => `${statusOf(e.code)} ${e.code}`,
  );
const base = { file: SAMPLES.pdf.bytes, fileName: 'doc.pdf', documentType: 'test_report', title: 'Cell test' } as const;

describe('the multipart upload body (FILE_REQUIRED, INVALID_METADATA, MALFORMED_BODY, FILE_INVALID promises)', () => {
  it('parses the client-built bytes into the file and its metadata', async () => {
    const { body, contentType } = buildMultipart({
      ...base,
      language: 'de-AT',
      fileName: 'C:\\temp\\Prüfbericht "1".pdf',
    });
    const upload = await parseUpload(body, contentType, MAX);
    expect(upload.bytes).toEqual(SAMPLES.pdf.bytes);
    expect(upload.metadata).toEqual({ documentType: 'test_report', title: 'Cell test', language: 'de-AT' });
    expect(upload.fileName).toBe('Prüfbericht 1.pdf');
  });

  it('answers 400 FILE_REQUIRED without a file part or with an empty file', async () => {
    const boundary = 'b1';
    const noFile = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--${boundary}--\r\n`,
    );
    expect(await codeOf(parseUpload(noFile, `multipart/form-data; boundary=${boundary}`, MAX))).toBe(
      '400 FILE_REQUIRED',
    );
    const empty = buildMultipart({ ...base, file: new Uint8Array() });
    expect(await codeOf(parseUpload(empty.body, empty.contentType, MAX))).toBe('400 FILE_REQUIRED');
  });

  it('answers 400 MALFORMED_BODY for another content type or broken multipart', async () => {
    const { body, contentType } = buildMultipart(base);
    expect(await codeOf(parseUpload(body, 'application/json', MAX))).toBe('400 MALFORMED_BODY');
    expect(await codeOf(parseUpload(body, null, MAX))).toBe('400 MALFORMED_BODY');
    expect(await codeOf(parseUpload(body.slice(0, body.length - 20), contentType, MAX))).toBe('400 MALFORMED_BODY');
    expect(await codeOf(parseUpload(body, 'multipart/form-data; boundary=other', MAX))).toBe('400 MALFORMED_BODY');
  });

  it('answers 422 INVALID_METADATA naming the parts, for a missing or unknown type, a bad title or language', async () => {
    for (const bad of [
      { documentType: 'invoice' },
      { title: '' },
      { title: 'x'.repeat(201) },
      { language: 'english!' },
    ]) {
      const { body, contentType } = buildMultipart({ ...base, ...(bad as object) });
      const error = (await parseUpload(body, contentType, MAX).catch((e: ServiceError) => e)) as ServiceError;
      expect([statusOf(error.code), error.code], JSON.stringify(bad)).toEqual([422, 'INVALID_METADATA']);
      expect(error.options.details?.issues).toHaveLength(1);
    }
  });

  it('answers 422 INVALID_METADATA for metadata PostgreSQL cannot store (NUL), before anything is written', async () => {
    for (const bad of [{ title: 'a\u0000b' }, { language: 'de\u0000' }]) {
      const { body, contentType } = buildMultipart({ ...base, ...bad });
      const error = (await parseUpload(body, contentType, MAX).catch((e: ServiceError) => e)) as ServiceError;
      expect([statusOf(error.code), error.code], JSON.stringify(bad)).toEqual([422, 'INVALID_METADATA']);
      expect(error.options.details?.issues).toEqual([
        expect.objectContaining({ path: Object.keys(bad)[0], code: 'invalid_text' }),
      ]);
    }
  });

  it('answers 422 FILE_INVALID for a file over the size limit', async () => {
    const { body, contentType } = buildMultipart({ ...base, file: new Uint8Array(MAX + 1).fill(65) });
    expect(await codeOf(parseUpload(body, contentType, MAX))).toBe('422 FILE_INVALID');
  });
});

describe('download headers', () => {
  it('names the file in an RFC 6266 attachment, with filename* for non-ASCII and nothing that breaks the header', () => {
    expect(contentDisposition('report.pdf')).toBe('attachment; filename="report.pdf"');
    expect(contentDisposition('Prüfbericht 1.pdf')).toBe(
      `attachment; filename="Pr_fbericht 1.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%201.pdf`,
    );
    expect(contentDisposition('a"b\r\nSet-Cookie: x.pdf')).toBe('attachment; filename="abSet-Cookie: x.pdf"');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('...')).toBe('document');
    expect(safeFileName('a\u0000b\ud800.pdf')).toBe('ab.pdf');
    expect(safeFileName(`${'x'.repeat(199)}\u{1F50B}.pdf`)).toBe('x'.repeat(199));
  });

  it('gives the digest as an RFC 9530 byte sequence', () => {
    expect(reprDigest('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')).toBe(
      'sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:',
    );
  });
});
