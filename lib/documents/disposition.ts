/** RFC 6266 `attachment` with an ASCII fallback `filename` and, for anything else, an RFC 8187 `filename*`. */
export function contentDisposition(fileName: string): string {
  const clean = fileName.replace(/[\u0000-\u001f\u007f"\\/]/g, '').trim() || 'document';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/%/g, '_');
  if (ascii === clean) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** RFC 9530 `Repr-Digest` value: the SHA-256 of the bytes as a structured-field byte sequence. */
export const reprDigest = (sha256Hex: string) => `sha-256=:${Buffer.from(sha256Hex, 'hex').toString('base64')}:`;
