import { type GtinKeyQualifier, parseDigitalLinkPath } from '../../gs1/digital-link';
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

const SLUG_PATH = /^\/dpp\/([^/]+)$/;

/**
 * The key of a GS1 Digital Link path's GTIN and batch and/or serial (segments still percent-encoded), or null when
 * the GTIN is not a GTIN or a qualifier does not decode. A consumer product variant (AI 22) names no passport here:
 * passports record none, so such an address is unknown (404), not malformed.
 */
export function digitalLinkKey(
  gtin: string,
  qualifiers: Partial<Record<GtinKeyQualifier, string>>,
): PassportKey | null {
  const gtin14 = normaliseGtin(gtin);
  if (!gtin14 || qualifiers['22'] !== undefined) return null;
  const batch = qualifiers['10'] === undefined ? undefined : decodeOnce(qualifiers['10']);
  const serial = qualifiers['21'] === undefined ? undefined : decodeOnce(qualifiers['21']);
  if (batch === null || serial === null) return null;
  return {
    gtin: gtin14,
    ...(batch === undefined ? {} : { batchNumber: batch }),
    ...(serial === undefined ? {} : { serialNumber: serial }),
  };
}

/**
 * The resolver addresses (`/01/{gtin}` with its key qualifiers in the standard's order, among them `/21/{serial}`,
 * `/10/{batch}` and `/10/{batch}/21/{serial}`; `/dpp/{slug}`), path still percent-encoded: null for any other
 * path; else the passport key (null when the address is not a valid key, which answers 404 without a lookup), and
 * for a path under `/01/` that breaks Digital Link syntax (a qualifier out of order, an extra segment) the reason,
 * which the resolver answers with 400.
 */
export function parseResolverPath(pathname: string): { key: PassportKey | null; malformed?: string } | null {
  const link = parseDigitalLinkPath(pathname);
  if (link?.kind === 'malformed') return { key: null, malformed: link.reason };
  if (link) return { key: digitalLinkKey(link.gtin, link.qualifiers) };
  const slug = SLUG_PATH.exec(pathname.length > 5 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);
  if (!slug) return null;
  const decoded = decodeOnce(slug[1]);
  return { key: decoded ? { slug: decoded } : null };
}
