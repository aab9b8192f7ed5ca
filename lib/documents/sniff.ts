import { fileTypeFromBuffer } from 'file-type';

/** The media types an evidence document may have, decided from its bytes. */
export const ALLOWED_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'text/csv',
  'application/json',
  'application/xml',
] as const;
export type DocumentMediaType = (typeof ALLOWED_MEDIA_TYPES)[number];

const BINARY: Record<string, DocumentMediaType> = {
  'application/pdf': 'application/pdf',
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
};

/** Text is valid UTF-8 with no control characters but tab, CR and LF (a BOM is allowed). */
function asText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? null : text;
}

function isJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** An XML declaration, or a root element after optional comments. */
const isXml = (text: string) => /^\s*(<\?xml[\s?]|(<!--[\s\S]*?-->\s*)*<[A-Za-z_][\w.:-]*[\s/>])/.test(text);

/** Every non-empty line of the first few holds the same number (≥1) of one delimiter: a table, not prose. */
function isCsv(text: string): boolean {
  // Broken JSON or markup is not a table that happens to contain commas.
  if (/^\s*[{[<]/.test(text)) return false;
  const lines = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  if (lines.length === 0) return false;
  return [',', ';', '\t'].some((d) => {
    const counts = lines.map((line) => line.split(d).length - 1);
    return counts[0] > 0 && counts.every((c) => c === counts[0]);
  });
}

/**
 * The file's media type from its magic bytes (PDF, PNG, JPEG, WebP) or, for formats without one, from its
 * text (JSON, XML, CSV); null for anything else. The claimed Content-Type and file name are never consulted.
 */
export async function sniffMediaType(bytes: Uint8Array): Promise<DocumentMediaType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && BINARY[detected.mime]) return BINARY[detected.mime];
  if (detected && detected.mime !== 'application/xml') return null;
  const text = asText(bytes);
  if (text === null) return null;
  if (isJson(text)) return 'application/json';
  if (isXml(text)) return 'application/xml';
  if (isCsv(text)) return 'text/csv';
  return null;
}
