import { prisma } from '../db/client';
import { digitalLinkPathOf, parseDigitalLinkPath } from '../gs1/digital-link';
import { normaliseGtin } from '../gs1/gtin';

/** What the landing page's lookup form sends (GET, so it works without JavaScript and can be bookmarked). */
export interface LookupQuery {
  gtin?: string;
  serial?: string;
  passport?: string;
}

export type LookupOutcome =
  | { kind: 'none' }
  | { kind: 'go'; path: string }
  | { kind: 'refused'; field: 'gtin' | 'serial' | 'passport'; message: string };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SERIAL = 100;
const MAX_SLUG = 80;

/** The passport path of a Digital Link or `/dpp/` address given whole (a URL of any host, or only its path). */
function pathOfAddress(text: string): string | null {
  let pathname = text;
  if (/^https?:\/\//i.test(text)) {
    try {
      pathname = new URL(text).pathname;
    } catch {
      return null;
    }
  }
  if (/^\/dpp\/[^/]+\/?$/.test(pathname)) return pathname.replace(/\/$/, '');
  const link = parseDigitalLinkPath(pathname);
  if (link?.kind !== 'gtin') return null;
  const gtin = normaliseGtin(link.gtin);
  return gtin ? digitalLinkPathOf(gtin, link.qualifiers) : null;
}

/**
 * Where the landing page's lookup leads: a GTIN with a serial number to its Digital Link address (the GTIN
 * checked and padded to 14 digits, the serial percent-encoded), a passport slug or a pasted passport address to
 * that passport. Nothing is looked up here: the address answers 404 for a passport that does not exist.
 */
export function lookupOutcome(query: LookupQuery): LookupOutcome {
  const passport = query.passport?.trim() ?? '';
  const gtinText = (query.gtin ?? '').replace(/[\s-]/g, '');
  const serial = query.serial?.trim() ?? '';
  if (passport) {
    const path = pathOfAddress(passport);
    if (path) return { kind: 'go', path };
    const slug = passport.toLowerCase();
    if (slug.length <= MAX_SLUG && SLUG.test(slug)) return { kind: 'go', path: `/dpp/${slug}` };
    return {
      kind: 'refused',
      field: 'passport',
      message: 'Enter the passport id printed under the QR code (letters, digits and hyphens) or its full address.',
    };
  }
  if (!gtinText && !serial) return { kind: 'none' };
  const gtin = normaliseGtin(gtinText);
  if (!gtin)
    return {
      kind: 'refused',
      field: 'gtin',
      message: 'A GTIN has 8, 12, 13 or 14 digits and ends with its check digit: check the number on the label.',
    };
  if (!serial) return { kind: 'go', path: `/01/${gtin}` };
  if (serial.length > MAX_SERIAL || /\p{Cc}/u.test(serial))
    return { kind: 'refused', field: 'serial', message: `A serial number has at most ${MAX_SERIAL} characters.` };
  return { kind: 'go', path: `/01/${gtin}/21/${encodeURIComponent(serial)}` };
}

export interface DemoPassportLink {
  name: string;
  category: string;
  slug: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
}

/**
 * The published passports of demo companies, for the landing page of a demo instance (empty on a deployment
 * without demo data, where the page offers only the lookup).
 */
export async function listDemoPassports(limit = 12): Promise<DemoPassportLink[]> {
  const rows = await prisma.product.findMany({
    where: { isDemo: true, mode: 'LIVE', state: 'APPROVED', version: { gte: 1 }, company: { isDemo: true } },
    select: {
      name: true,
      slug: true,
      gtin: true,
      serialNumber: true,
      batchNumber: true,
      category: { select: { name: true } },
    },
    orderBy: [{ publishedAt: 'asc' }, { slug: 'asc' }],
    take: limit,
  });
  return rows.map(({ category, ...row }) => ({ ...row, category: category.name }));
}
