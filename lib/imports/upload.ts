import { readMultipartFile } from '../documents/multipart';
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
 * The signed multipart bytes of an import upload: its file (readMultipartFile, with that function's refusals) and the
 * optional text parts `mappingId`, `modelId`, `categoryCode`.
 */
export async function parseImportUpload(
  rawBody: Uint8Array,
  contentType: string | null,
  maxBytes: number,
): Promise<ImportParts> {
  const { form, file } = await readMultipartFile(rawBody, contentType, maxBytes);
  const parts: ImportParts = {
    file: new Uint8Array(await file.arrayBuffer()),
    fileName: displayName(file.name ?? ''),
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
