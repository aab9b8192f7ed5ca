import { ServiceError } from '../errors';
import { isStorableText } from '../storable-text';

/** The parts of an import upload: the file and the form fields beside it. */
export interface ImportParts {
  file: Uint8Array;
  fileName: string | null;
  mappingId?: string | null;
  modelId?: string | null;
  categoryCode?: string | null;
}

const MULTIPART = /^multipart\/form-data\s*;/i;
const FIELDS = ['mappingId', 'modelId', 'categoryCode'] as const;

const invalid = (path: string, message: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { issues: [{ path, code: 'invalid_value', message }] } });

/** A file name for display only: no path, no control characters, at most 255 characters. */
function displayName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean === '' || !isStorableText(clean) ? null : clean;
}

/**
 * The signed multipart bytes of an import upload, parsed with the platform's parser: one non-empty `file` part and
 * the optional text parts `mappingId`, `modelId`, `categoryCode`. 400 MALFORMED_BODY for another content type or
 * broken multipart, 400 FILE_REQUIRED without a file, 422 FILE_INVALID over `maxBytes`.
 */
export async function parseImportUpload(
  rawBody: Uint8Array,
  contentType: string | null,
  maxBytes: number,
): Promise<ImportParts> {
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
  const parts: ImportParts = {
    file: new Uint8Array(await file.arrayBuffer()),
    fileName: displayName((file as File).name ?? ''),
  };
  for (const name of FIELDS) {
    const values = form.getAll(name);
    if (values.length === 0) continue;
    const value = values[0];
    if (values.length > 1 || typeof value !== 'string') throw invalid(name, `Send ${name} once, as text.`);
    parts[name] = value.trim() === '' ? null : value.trim();
  }
  return parts;
}
