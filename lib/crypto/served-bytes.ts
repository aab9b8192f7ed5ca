import { sha256Hex } from './secrets';

/** Bytes ready to serve with their strong validator: the quoted SHA-256 of exactly these bytes. */
export interface ServedBytes {
  bytes: Buffer;
  etag: string;
}

/** A strong validator: the quoted SHA-256 of the exact bytes served. */
export const strongEtag = (bytes: Uint8Array | string): string => `"${sha256Hex(bytes)}"`;

export function servedBytes(body: string | Uint8Array): ServedBytes {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  return { bytes, etag: strongEtag(bytes) };
}
