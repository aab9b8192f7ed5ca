import { gunzipSync, gzipSync } from 'node:zlib';
import { config } from '../../config';
import { prisma } from '../../db/client';
import { sqlRows } from '../../db/sql';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { passportPath } from '../../gs1/digital-link';
import { nextBuildId } from '../../health';
import type { Locale } from '../../i18n/locales';
import { logger } from '../../log';
import { sha256Hex } from '../canonical-json';
import { isPubliclyServed } from '../states';
import { findProductByKey, keptOutOfIndexes } from './product-by-key';
import { parseResolverPath } from './resolver-key';

/**
 * Stored viewer pages (table PublicPage). Rendering a passport's page through Next.js costs an order of magnitude
 * more than serving it, and every anonymous browser gets the same page. So the page of a published passport is
 * rendered once per revision of its product (and per build and base address), stored as the renderer hands it over
 * (its own scripts named by hash in its policy: no per-answer nonce, so any cache may keep it), and served as it is.
 * A stored page serves only while its revision equals the product's, read in the same query: the trigger that bumps
 * the revision on every change (a BMS value, a new version, a withdrawal, a company rename) makes it stale in that
 * change's commit, on every instance, with no message.
 *
 * Only the canonical address of a serialised passport and its /dpp/{slug} address are stored: each names exactly
 * one passport (unique GTIN + serial, unique slug), so the path and the page's language alone find the row. Withdrawn passports, unknown
 * addresses and other spellings are rendered on every request, as before. How a page is rendered is the caller's
 * (lib/server/page-render.ts requests it from this same process); this module decides what is stored and served.
 */

/** A page as rendered for an anonymous browser, with the headers its stored copy is served with. */
export interface RenderedPage {
  status: number;
  /** Content-Type, Cache-Control, Vary, Link and its Content-Security-Policy, lower-case names. */
  headers: Record<string, string>;
  html: Buffer;
  /** The placeholder nonce the page was rendered with (its own scripts are named by hash, not by it). */
  nonce: string;
}

/** One answer's page: the stored or rendered page, the same for every answer of the revision. */
export interface PassportPage {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
  /**
   * A stored page's gzip encoding as stored, with the SHA-256 of exactly those bytes: sent as it is to a browser that
   * accepts gzip, so no answer compresses the page again. Absent from a page rendered for this answer.
   */
  gzip?: { bytes: Buffer; sha256: string };
  /** Whether the page stays out of search indexes (a withdrawn passport's notice). */
  noindex: boolean;
}

let enabled: boolean | undefined;

/** Whether pages are stored at all: a production build (whose id keys them), unless PUBLIC_PAGE_STORE=0. */
export function pageStoreEnabled(): boolean {
  const cfg = config();
  enabled ??= cfg.NODE_ENV === 'production' && cfg.PUBLIC_PAGE_STORE && nextBuildId() !== undefined;
  return enabled;
}

type Gzipped = NonNullable<PassportPage['gzip']>;

/** The page of an answer that rendered it: as rendered, with the gzip bytes it was stored in when it was stored. */
const asServed = (rendered: RenderedPage, noindex: boolean, gzip?: Gzipped): PassportPage => ({
  status: rendered.status,
  headers: rendered.headers,
  bytes: rendered.html,
  ...(gzip && { gzip }),
  noindex,
});

/** A stored page: its gzip bytes as stored, the HTML unpacked only for an answer that wants it. */
function storedPage(row: StoredRow): PassportPage {
  const gzip = { bytes: Buffer.from(row.html), sha256: row.sha256 };
  let html: Buffer | undefined;
  return {
    status: 200,
    headers: row.headers,
    get bytes() {
      html ??= gunzipSync(gzip.bytes);
      return html;
    },
    gzip,
    noindex: false,
  };
}

interface StoredRow {
  html: Uint8Array;
  sha256: string;
  headers: Record<string, string>;
}

const STORED_PAGE = `
  SELECT s."html", s."sha256", s."headers"
  FROM "PublicPage" s JOIN "Product" p ON p."id" = s."productId"
  WHERE s."path" = $1 AND s."locale" = $2 AND s."revision" = p."revision" AND s."build" = $3 AND s."baseUrl" = $4
    AND p."mode" = 'LIVE'`;

/** The stored page of `path` if it is current: one read by primary key, joined to its product's revision. */
async function readStoredPage(path: string, locale: Locale, build: string): Promise<PassportPage | null> {
  const [row] = await sqlRows<StoredRow>({
    name: 'stored-page',
    text: STORED_PAGE,
    values: [path, locale, build, config().BASE_URL],
  });
  if (!row) return null;
  // Bytes that no longer match their hash are never served: the page is rendered again instead.
  if (sha256Hex(row.html) !== row.sha256) {
    logger().warn({ path }, 'stored passport page does not match its hash; rendering it again');
    return null;
  }
  return storedPage(row);
}

interface Target {
  productId: string;
  revision: number;
  /** Whether this page may be stored: a publicly served passport at this, its canonical (or slug) address. */
  storable: boolean;
  noindex: boolean;
}

/** The passport `path` names, read before rendering: the revision a stored render is filed under. */
async function targetOf(path: string): Promise<Target | null> {
  const key = parseResolverPath(path)?.key;
  if (!key) return null;
  const product = await findProductByKey(key, {
    id: true,
    revision: true,
    slug: true,
    gtin: true,
    serialNumber: true,
    batchNumber: true,
    state: true,
    version: true,
  });
  if (!product) return null;
  const canonical = path === passportPath(product) || path === `/dpp/${encodeURIComponent(product.slug)}`;
  const unique = 'slug' in key || product.serialNumber !== null;
  return {
    productId: product.id,
    revision: product.revision,
    storable: canonical && unique && product.version >= 1 && isPubliclyServed(product),
    noindex: keptOutOfIndexes(product),
  };
}

async function storePage(path: string, locale: Locale, target: Target, build: string, page: RenderedPage, gz: Gzipped) {
  const html = gz.bytes;
  await prisma.$executeRaw`
    INSERT INTO "PublicPage" ("path", "locale", "productId", "revision", "build", "baseUrl", "nonce", "headers", "html", "sha256", "builtAt")
    VALUES (${path}, ${locale}, ${target.productId}::uuid, ${target.revision}, ${build}, ${config().BASE_URL}, ${page.nonce},
            ${JSON.stringify(page.headers)}::jsonb, ${html}, ${gz.sha256}, now())
    ON CONFLICT ("path", "locale") DO UPDATE SET
      "productId" = EXCLUDED."productId", "revision" = EXCLUDED."revision", "build" = EXCLUDED."build",
      "baseUrl" = EXCLUDED."baseUrl", "nonce" = EXCLUDED."nonce", "headers" = EXCLUDED."headers",
      "html" = EXCLUDED."html", "sha256" = EXCLUDED."sha256", "builtAt" = EXCLUDED."builtAt"
    WHERE "PublicPage"."productId" <> EXCLUDED."productId" OR "PublicPage"."revision" <= EXCLUDED."revision"
       OR "PublicPage"."build" <> EXCLUDED."build" OR "PublicPage"."baseUrl" <> EXCLUDED."baseUrl"`;
}

// One render per address and language at a time: a burst of first views of one passport renders it once.
const RENDERS = Symbol.for('battery-passport-service.page-renders');
type Holder = { [RENDERS]?: Map<string, Promise<{ page: RenderedPage; noindex: boolean }>> };
const renders = () => ((globalThis as Holder)[RENDERS] ??= new Map());

export interface PageStoreOptions {
  /** The build the pages are filed under: the running one unless a test says otherwise. */
  build?: string;
  /** How a missing page is rendered (for an anonymous browser, in that language, with a fresh placeholder nonce). */
  render: (path: string, locale: Locale) => Promise<RenderedPage>;
}

/**
 * Renders the page, and stores it when the passport's address and state allow; storing never fails the answer. A
 * page that may be stored is answered in its stored form at once (its gzip bytes beside it), so the first answer is
 * the same as every later one.
 */
async function renderAndStore(
  path: string,
  locale: Locale,
  build: string,
  render: PageStoreOptions['render'],
): Promise<{ page: RenderedPage; noindex: boolean; gzip?: Gzipped }> {
  const target = await targetOf(path).catch(() => null);
  const page = await render(path, locale);
  const noindex = target?.noindex ?? false;
  if (!target?.storable || page.status !== 200) return { page, noindex };
  const bytes = gzipSync(page.html);
  const gzip = { bytes, sha256: sha256Hex(bytes) };
  await storePage(path, locale, target, build, page, gzip).catch((err: unknown) =>
    logger().warn({ err, path }, 'passport page not stored'),
  );
  return { page, noindex, gzip };
}

/**
 * The page for an anonymous browser's request for the viewer page at `path` (as requested, still
 * percent-encoded) in `locale`: the stored page when current, else a fresh render. Every answer of one revision and
 * language is the same.
 */
export async function passportPage(path: string, locale: Locale, options: PageStoreOptions): Promise<PassportPage> {
  const build = options.build ?? nextBuildId()!;
  const { render } = options;
  // A failed read only costs this answer the stored copy: the render decides. Not when the database is gone: the
  // render would fail too, after a loopback request and a whole page's failed queries (under a bounded heap, two
  // renders' worth of failures at once), so the caller answers "not just now" instead.
  const stored = await readStoredPage(path, locale, build).catch((err: unknown) => {
    if (isDatabaseUnavailable(err)) throw err;
    logger().warn({ err, path }, 'stored passport page not read');
    return null;
  });
  if (stored) return stored;
  const renderKey = `${locale} ${path}`;
  let pending = renders().get(renderKey);
  if (!pending) {
    pending = renderAndStore(path, locale, build, render).finally(() => renders().delete(renderKey));
    renders().set(renderKey, pending);
  }
  const { page, noindex, gzip } = await pending;
  return asServed(page, noindex, gzip);
}
