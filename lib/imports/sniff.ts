import type { ImportFormat } from './types';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const TEXT_PROBE_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** An XLSX is a ZIP whose entries include the workbook part (names are stored in clear in the local headers). */
function isXlsx(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP)) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('xl/workbook.xml');
}

/** The first bytes as UTF-8 text (a BOM dropped), or null when they are not text: invalid UTF-8 or control characters. */
export function textProbe(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, TEXT_PROBE_BYTES), { stream: true });
  } catch {
    return null;
  }
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? null : text;
}

function firstLine(text: string): string | undefined {
  return text.split(/\r?\n/).find((line) => line.trim() !== '');
}

function isJsonObjectLine(line: string | undefined): boolean {
  if (!line?.trim().startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The import format of a file, by its bytes alone: XLSX (a ZIP with xl/workbook.xml), JSON Lines (UTF-8 text whose
 * first non-blank line is a JSON object), CSV (any other UTF-8 text with a header line); null for anything else.
 */
export function sniffImportFormat(bytes: Uint8Array): ImportFormat | null {
  if (bytes.length === 0) return null;
  if (isXlsx(bytes)) return 'xlsx';
  const text = textProbe(bytes);
  if (text === null) return null;
  const line = firstLine(text);
  if (line === undefined) return null;
  return isJsonObjectLine(line) ? 'jsonl' : 'csv';
}

/** Delimiters outside double quotes in one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let quoted = false;
  let count = 0;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

/** The CSV delimiter from the header line: `;` (German ERP exports) when it outnumbers `,`, else `,`. */
export function sniffDelimiter(text: string): ',' | ';' {
  const line = firstLine(text.replace(/^\uFEFF/, '')) ?? '';
  return countOutsideQuotes(line, ';') > countOutsideQuotes(line, ',') ? ';' : ',';
}
