// The one data module of the public passport pages: the page and its generateMetadata (and the head slot) call
// the same cached lookup, so one request reads the database once.
import type { Metadata } from 'next';
import { cache } from 'react';
import { config } from '@/lib/config';
import { LOCALES } from '@/lib/i18n/locales';
import { getI18n } from '@/lib/i18n/request';
import {
  buildJsonLd,
  digitalLinkKey,
  findPublicPassport,
  type KeyQualifier,
  type PassportKey,
  type PublicLookup,
  type PublicPassport,
  resolverKey,
} from '@/lib/passport/public/representations';

// React's cache compares arguments by identity, so the key travels as a string.
const lookupOnce = cache((key: string): Promise<PublicLookup> => findPublicPassport(JSON.parse(key) as PassportKey));

const NOT_FOUND: PublicLookup = { kind: 'not_found' };

/** A GS1 Digital Link path's passport; an invalid GTIN is not_found without touching the database. */
export function loadByDigitalLink(gtin: string, qualifier: KeyQualifier = null): Promise<PublicLookup> {
  const key = resolverKey(gtin, qualifier);
  return key ? lookupOnce(JSON.stringify(key)) : Promise.resolve(NOT_FOUND);
}

/**
 * The metadata of a batch's or a serial's passport (`/01/{gtin}/10/{batch}`, `/01/{gtin}/21/{serial}`). Next 16.4
 * hands generateMetadata the decoded segment but the page and its head slot the encoded one: re-encoding gives all
 * of them the same key (and one cached lookup), and keeps "decoded exactly once".
 */
export async function qualifiedPassportMetadata(gtin: string, ai: '10' | '21', decodedSegment: string) {
  return passportMetadata(await loadByDigitalLink(gtin, { ai, segment: encodeURIComponent(decodedSegment) }));
}

/** `/01/{gtin}/10/{batch}/21/{serial}` (segments as in the URI): the serial's passport when it records that batch. */
export function loadByBatchAndSerial(gtin: string, batch: string, serial: string): Promise<PublicLookup> {
  const key = digitalLinkKey(gtin, { '10': batch, '21': serial });
  return key ? lookupOnce(JSON.stringify(key)) : Promise.resolve(NOT_FOUND);
}

/** The metadata of `/01/{gtin}/10/{batch}/21/{serial}`; the segments arrive decoded, re-encoded as above. */
export async function batchAndSerialMetadata(gtin: string, decodedBatch: string, decodedSerial: string) {
  return passportMetadata(
    await loadByBatchAndSerial(gtin, encodeURIComponent(decodedBatch), encodeURIComponent(decodedSerial)),
  );
}

export function loadBySlug(slug: string): Promise<PublicLookup> {
  return lookupOnce(JSON.stringify({ slug }));
}

export function baseUrl(): string {
  return config().BASE_URL.replace(/\/+$/, '');
}

/** The passport's identity: its GS1 Digital Link URI (or /dpp/ address) on this service. */
export function passportUri(passport: PublicPassport): string {
  return `${baseUrl()}${passport.product.path}`;
}

/** The passport's JSON-LD, from the same builder as `GET /api/dpp/{slug}/jsonld`, so page and API agree. */
export function passportJsonLd(passport: PublicPassport): Record<string, unknown> {
  return buildJsonLd(passport, baseUrl());
}

/** The page of a passport in each language: its address with `?lang=`, and the bare address as the default. */
export function languageAlternates(path: string): Record<string, string> {
  return { ...Object.fromEntries(LOCALES.map((l) => [l, `${path}?lang=${l}`])), 'x-default': path };
}

/**
 * Title, description, canonical address, the page in every language and, for a withdrawn passport, noindex; in the
 * reader's language.
 */
export async function passportMetadata(lookup: PublicLookup): Promise<Metadata> {
  const { t } = await getI18n();
  if (lookup.kind === 'not_found') return { title: t('meta.notFoundTitle'), robots: { index: false } };
  const { product } = lookup.passport;
  const withdrawn = lookup.kind === 'withdrawn';
  return {
    metadataBase: new URL(baseUrl()),
    title: withdrawn ? t('meta.withdrawnTitle', { name: product.name }) : product.name,
    description: t('meta.description', { name: product.name, company: product.companyName }),
    alternates: withdrawn
      ? { canonical: product.path, languages: languageAlternates(product.path) }
      : {
          canonical: product.path,
          languages: languageAlternates(product.path),
          types: { 'application/ld+json': `/api/dpp/${encodeURIComponent(product.slug)}/jsonld` },
        },
    ...(withdrawn ? { robots: { index: false } } : {}),
  };
}
