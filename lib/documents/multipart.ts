import { ServiceError } from '../errors';
import { isStorableText, issuesOf } from '../integration/input';
import { DocumentMetadata, safeFileName } from './metadata';

export interface ParsedUpload {
  metadata: DocumentMetadata;
  fileName: string;
  bytes: Uint8Array;
}

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * The signed bytes themselves (never a re-serialisation) parsed with the platform's multipart parser, and their one
 * non-empty `file` part: 400 MALFORMED_BODY for another content type, broken multipart or several files, 400
 * FILE_REQUIRED without a non-empty `file` part, 422 FILE_INVALID over `maxBytes`. Document and import uploads.
 */
export async function readMultipartFile(
  rawBody: Uint8Array,
  contentType: string | null,
  maxBytes: number,
): Promise<{ form: FormData; file: File }> {
  if (!contentType || !MULTIPART.test(contentType))
    throw new ServiceError('MALFORMED_BODY', 'Send the upload as Content-Type: multipart/form-data.');
  let form: FormData;
  try {
    form = await new Response(rawBody as BodyInit, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ServiceError('MALFORMED_BODY', 'The multipart body could not be parsed.');
  }
  const files = form.getAll('file');
  if (files.length > 1) throw new ServiceError('MALFORMED_BODY', 'Send exactly one file part per upload.');
  const file = files[0];
  if (!(file instanceof Blob) || file.size === 0)
    throw new ServiceError('FILE_REQUIRED', 'The multipart body needs a non-empty `file` part.');
  if (file.size > maxBytes)
    throw new ServiceError('FILE_INVALID', `The file exceeds the size limit of ${maxBytes} bytes.`, {
      details: { maxBytes },
    });
  return { form, file: file as File };
}

/**
 * A document upload: its file (readMultipartFile) and 422 INVALID_METADATA (details.issues) for the metadata parts.
 */
export async function parseUpload(
  rawBody: Uint8Array,
  contentType: string | null,
  maxBytes: number,
): Promise<ParsedUpload> {
  const { form, file } = await readMultipartFile(rawBody, contentType, maxBytes);
  const fields: Record<string, unknown> = {};
  for (const name of ['documentType', 'title', 'language']) {
    const values = form.getAll(name);
    if (values.length > 0) fields[name] = typeof values[0] === 'string' && values.length === 1 ? values[0] : null;
  }
  if (fields.language === '') delete fields.language;
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && !isStorableText(value)) {
      const message = 'Text may not contain U+0000 (NUL) or an unpaired UTF-16 surrogate.';
      throw new ServiceError('INVALID_METADATA', 'The document metadata is missing or not valid.', {
        details: { issues: [{ path: name, code: 'invalid_text', message }] },
      });
    }
  }
  const parsed = DocumentMetadata.safeParse(fields);
  if (!parsed.success) {
    throw new ServiceError('INVALID_METADATA', 'The document metadata is missing or not valid.', {
      details: { issues: issuesOf(parsed.error) },
    });
  }
  return {
    metadata: parsed.data,
    fileName: safeFileName(file.name),
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}
