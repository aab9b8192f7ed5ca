import { decompressWebUri } from 'digital-link.js/src/compression.js';

/**
 * A compressed GS1 Digital Link URI's path is one segment of the URI-safe base64 alphabet (GS1 Digital Link:
 * Compression); shorter than 8 characters it cannot hold even a GTIN, and no word of ours is that shape and long.
 */
const COMPRESSED_SEGMENT = /^\/[A-Za-z0-9_-]{8,}$/;

/** The stem the decompressor needs: any absolute origin, dropped again from its answer. */
const STEM = 'https://resolver.invalid';

/**
 * The uncompressed path (and any data attributes the compression carried, as a query) of a compressed GS1 Digital
 * Link path, decompressed with GS1's own SDK (digital-link.js, which checks the keys' check digits), or null when
 * the path is not one. A GS1-Conformant resolver must accept compressed URIs; the caller still checks the result
 * names one of its addresses.
 */
export function decompressDigitalLinkPath(pathname: string): string | null {
  if (!COMPRESSED_SEGMENT.test(pathname)) return null;
  try {
    const uri = decompressWebUri(`${STEM}${pathname}`);
    if (typeof uri !== 'string' || !uri.startsWith(`${STEM}/`)) return null;
    const path = uri.slice(STEM.length);
    // The toolkit turns some non-numeric garbage into "NaN" values rather than failing.
    return path.includes('NaN') ? null : path;
  } catch {
    return null;
  }
}
