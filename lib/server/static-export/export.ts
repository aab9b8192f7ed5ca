import { config } from '../../config';
import { STATIC_STYLESHEET_PATH, staticNotFoundPage } from '../../continuity/static-page';
import { STATIC_STYLESHEET } from '../../continuity/static-style';
import { didDocument, statusListCredential } from '../../credentials/documents';
import { STATUS_PURPOSES } from '../../credentials/vocabulary';
import { prisma } from '../../db/client';
import { ServiceError } from '../../errors';
import { eachAtOnce } from '../../jobs/each-at-once';
import {
  DPP_VOCABULARY,
  ESPR_VOCABULARY,
  productNotFound,
  publicRepresentation,
  versionNotFound,
  vocabularyDocument,
} from '../../passport/public/representations';
import { ERROR_FILES, FILE, MANIFEST_FILE } from './layout';
import { type PassportOutcome, refusalBody, type Unavailable, writePassport } from './passport-files';
import { type SiteSink, SiteWriter } from './site-writer';

export interface StaticExportOptions {
  /** The export directory: created, or empty. */
  out: string;
  /** Only this company's passports (and its issuer documents); every company's when absent. */
  companyId?: string;
  /** Passports written side by side (their reads share statements, lib/db/batch.ts). */
  concurrency?: number;
  /** Told after each page of passports. */
  onProgress?: (done: number) => void;
}

export interface StaticExportReport {
  format: 'battery-passport-static-export/1';
  /** What the copy was made from: the database, or the back-up target alone (`--from-backup`). */
  source: 'database' | 'backup';
  exportedAt: string;
  baseUrl: string;
  /** The company asked for: its id (from the database) or its slug (from the back-up); null for every company. */
  companyId: string | null;
  passports: { published: number; withdrawn: number };
  files: number;
  bytes: number;
  seconds: number;
  /** Addresses left out (a segment no directory can be named), at most LIST_LIMIT of them. */
  skipped: string[];
  skippedCount: number;
  /** Answers the live service cannot give either (503), at most LIST_LIMIT of them. */
  unavailable: Unavailable[];
  unavailableCount: number;
}

const PAGE = 500;
const LIST_LIMIT = 100;

/** The vocabularies app/ns/{dpp,espr}/route.ts serve, byte for byte. */
export const VOCABULARIES = [DPP_VOCABULARY, ESPR_VOCABULARY] as const;

/** Publicly answered live passports (published, or withdrawn with a notice), by id after `after`. */
function passportPage(after: string | null, companyId: string | undefined) {
  return prisma.product.findMany({
    where: {
      mode: 'LIVE',
      version: { gte: 1 },
      state: { not: 'DEPRECATED' },
      ...(companyId ? { companyId } : {}),
      ...(after ? { id: { gt: after } } : {}),
    },
    select: { id: true, slug: true, company: { select: { slug: true } } },
    orderBy: { id: 'asc' },
    take: PAGE,
  });
}

/** The bodies of the refusals a web server answers for what the export does not hold. */
async function writeRefusals(site: SiteSink): Promise<void> {
  const refusal = async (file: string, failing: () => Promise<unknown>) => {
    try {
      await failing();
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      await site.write(file, (await refusalBody(error)).bytes);
      return;
    }
    throw new Error(`${file}: the request was expected to be refused`);
  };
  await site.write(ERROR_FILES.notFound, (await refusalBody(productNotFound())).bytes);
  await site.write(ERROR_FILES.notFoundPage, staticNotFoundPage());
  await refusal(ERROR_FILES.invalidVersion, () => publicRepresentation({ form: 'version', slug: '-', version: '0' }));
  await refusal(ERROR_FILES.qrFormat, () => publicRepresentation({ form: 'qr', slug: '-', format: '-' }));
  await refusal(ERROR_FILES.issuerNotFound, () => didDocument('\u0000'));
  await refusal(ERROR_FILES.statusListNotFound, () => statusListCredential('-', '0', 'revocation'));
  await site.write(ERROR_FILES.versionNotFound, (await refusalBody(versionNotFound())).bytes);
}

/** The folder of a company's issuer documents in a static copy. */
export const issuerFolder = (companySlug: string) => `issuers/${companySlug}`;

/**
 * The company's did:web DID document and status lists, so its credentials verify at the copy, under
 * `issuerFolder(slug)`. false when the company has no issuer (no signing key yet).
 */
export async function writeIssuer(site: SiteSink, slug: string): Promise<boolean> {
  let document: unknown;
  try {
    document = await didDocument(slug);
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'ISSUER_NOT_FOUND') return false;
    throw error;
  }
  await site.write(`${issuerFolder(slug)}/did.json`, JSON.stringify(document));
  const lists = await prisma.statusList.findMany({
    where: { company: { slug } },
    select: { number: true },
    orderBy: { number: 'asc' },
  });
  for (const { number } of lists) {
    for (const purpose of STATUS_PURPOSES) {
      const list = await statusListCredential(slug, String(number), purpose);
      await site.write(`${issuerFolder(slug)}/status/${number}/${purpose}/${FILE.statusList}`, list.jwt);
    }
  }
  return true;
}

/**
 * What every copy holds whatever its passports: the vocabularies, the viewer's stylesheet and the bodies of the
 * refusals a web server answers for what the copy does not hold.
 */
export async function writeCommon(site: SiteSink): Promise<void> {
  for (const v of VOCABULARIES) {
    await site.write(`${v.path}/${FILE.vocabulary}`, JSON.stringify(vocabularyDocument(v)));
  }
  await site.write(STATIC_STYLESHEET_PATH.slice(1), STATIC_STYLESHEET);
  await writeRefusals(site);
}

/** An empty report of an export starting at `started` (ms). */
export function newReport(
  source: StaticExportReport['source'],
  baseUrl: string,
  companyId: string | null,
  started: number,
): StaticExportReport {
  return {
    format: 'battery-passport-static-export/1',
    source,
    exportedAt: new Date(started).toISOString(),
    baseUrl,
    companyId,
    passports: { published: 0, withdrawn: 0 },
    files: 0,
    bytes: 0,
    seconds: 0,
    skipped: [],
    skippedCount: 0,
    unavailable: [],
    unavailableCount: 0,
  };
}

/** Counts one passport's outcome: what was written, left out, or could not be answered (lists capped). */
export function recordOutcome(report: StaticExportReport, outcome: PassportOutcome): void {
  if (outcome.kind !== 'not_found') report.passports[outcome.kind] += 1;
  report.skippedCount += outcome.skipped.length;
  report.unavailableCount += outcome.unavailable.length;
  report.skipped.push(...outcome.skipped.slice(0, LIST_LIMIT - report.skipped.length));
  report.unavailable.push(...outcome.unavailable.slice(0, LIST_LIMIT - report.unavailable.length));
}

/** Completes the report and writes the checksums, the map and, last, the manifest. */
export async function closeExport(site: SiteWriter, report: StaticExportReport, started: number): Promise<void> {
  report.files = site.files;
  report.bytes = site.bytes;
  report.seconds = (Date.now() - started) / 1000;
  await site.close(report, MANIFEST_FILE);
}

/**
 * Writes a static copy of the service's public passports under `options.out` (docs/public-api.md, "Static
 * export"): the same bytes at the same paths, for a web server alone. Passports are read in pages of PAGE by id and
 * written `concurrency` at a time, so memory stays bounded whatever their number; the manifest is written last.
 */
export async function exportStaticSite(options: StaticExportOptions): Promise<StaticExportReport> {
  const started = Date.now();
  const baseUrl = config().BASE_URL;
  const site = await SiteWriter.open(options.out);
  const report = newReport('database', baseUrl, options.companyId ?? null, started);
  const companies = new Set<string>();
  let after: string | null = null;
  let done = 0;
  for (;;) {
    const rows = await passportPage(after, options.companyId);
    if (rows.length === 0) break;
    await eachAtOnce(rows, options.concurrency ?? 8, async (row) => {
      let outcome: PassportOutcome;
      try {
        outcome = await writePassport(site, row.slug, baseUrl);
      } catch (error) {
        // One passport whose stored data cannot be read (the live service fails on it too) never costs the copy of
        // the others: it is reported, with what the service would answer.
        const code = error instanceof ServiceError ? error.code : 'INTERNAL_ERROR';
        outcome = { kind: 'not_found', skipped: [], unavailable: [{ path: `/api/dpp/${row.slug}`, code }] };
      }
      recordOutcome(report, outcome);
      companies.add(row.company.slug);
    });
    after = rows[rows.length - 1].id;
    done += rows.length;
    options.onProgress?.(done);
  }
  for (const slug of companies) await writeIssuer(site, slug);
  await writeCommon(site);
  await closeExport(site, report, started);
  return report;
}
