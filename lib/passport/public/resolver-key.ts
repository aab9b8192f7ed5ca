import { normaliseGtin } from '../../gs1/gtin';
import type { PassportKey } from './product-by-key';

/**
 * The GS1 Application Identifier qualifying a GTIN: serial (21) or batch/lot (10), with the path segment still
 * percent-encoded as it appears in the URI.
 */
export type KeyQualifier = { ai: '21' | '10'; segment: string } | null;

/** Percent-decodes a path segment once; a malformed escape is no key at all. */
function decodeOnce(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The lookup key of a GS1 Digital Link path, or null when the GTIN is not a GTIN (wrong length or check digit)
 * or the qualifier is empty or malformed. Pure on purpose: a page calls it first and answers 404 on null, so a
 * bad code never reaches the database. Serial and batch are decoded once and then matched exactly.
 */
export function resolverKey(gtin: string, qualifier: KeyQualifier = null): PassportKey | null {
  const gtin14 = normaliseGtin(gtin);
  if (!gtin14) return null;
  if (!qualifier) return { gtin: gtin14 };
  const value = decodeOnce(qualifier.segment);
  if (!value) return null;
  return qualifier.ai === '21' ? { gtin: gtin14, serialNumber: value } : { gtin: gtin14, batchNumber: value };
}

const DIGITAL_LINK_PATH = /^\/01\/([^/]+)(?:\/(21|10)\/([^/]+))?$/;
const SLUG_PATH = /^\/dpp\/([^/]+)$/;

/**
 * The resolver addresses (`/01/{gtin}`, `/01/{gtin}/21/{serial}`, `/01/{gtin}/10/{batch}`, `/dpp/{slug}`), path
 * still percent-encoded: null for any other path, else the passport key (null when the address is not a valid
 * key, which answers 404 without a lookup).
 */
export function parseResolverPath(pathname: string): { key: PassportKey | null } | null {
  const link = DIGITAL_LINK_PATH.exec(pathname);
  if (link) {
    const [, gtin, ai, segment] = link;
    return { key: resolverKey(gtin, ai ? { ai: ai as '21' | '10', segment } : null) };
  }
  const slug = SLUG_PATH.exec(pathname);
  if (!slug) return null;
  const decoded = decodeOnce(slug[1]);
  return { key: decoded ? { slug: decoded } : null };
}
