import { config } from '../../config';
import { type ServedBytes, servedBytes } from '../../crypto/served-bytes';
import { ServiceError } from '../../errors';
import { aasJson, buildAasEnvironment } from './aas';
import { buildJsonLd } from './jsonld';
import { buildLinkset } from './linkset';
import { findPublicPassport, type PassportKey, type PublicPassport, type Withdrawal } from './lookup';
import { parseResolverPath } from './resolver-key';

export const NOT_FOUND_MESSAGE = 'No published passport has this identifier.';

export const productNotFound = () => new ServiceError('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);

/** The 410 body: the withdrawal members sit beside code and message in the nested error object. */
export function productWithdrawn(withdrawal: Withdrawal): ServiceError {
  return new ServiceError('PRODUCT_WITHDRAWN', 'This passport has been withdrawn by its manufacturer.', {
    extra: { ...withdrawal },
  });
}

/** The passport the public JSON routes serve: 404 for anything never or no longer public, 410 when withdrawn. */
export async function requirePublishedPassport(slugOrKey: string | PassportKey): Promise<PublicPassport> {
  const found = await findPublicPassport(typeof slugOrKey === 'string' ? { slug: slugOrKey } : slugOrKey);
  if (found.kind === 'not_found') throw productNotFound();
  if (found.kind === 'withdrawn') throw productWithdrawn(found.withdrawal);
  return found.passport;
}

/** The same, for a resolver address (`/01/...`, `/dpp/...`); an address that is no valid key is 404 without a lookup. */
export async function requireResolvedPassport(resolverPath: string | null): Promise<PublicPassport> {
  const key = resolverPath === null ? null : parseResolverPath(resolverPath)?.key;
  if (!key) throw productNotFound();
  return requirePublishedPassport(key);
}

export { type ServedBytes, servedBytes, strongEtag } from '../../crypto/served-bytes';

type PreparedForm = 'dpp' | 'jsonld' | 'linkset' | 'aas';

const prepared = new WeakMap<PublicPassport, Map<PreparedForm, ServedBytes>>();

/**
 * The form `form` of a passport the lookup built (shared and read-only), serialized and hashed once per passport
 * object: repeated reads of an unchanged passport skip both.
 */
function preparedOnce(passport: PublicPassport, form: PreparedForm, build: () => string): ServedBytes {
  let forms = prepared.get(passport);
  if (!forms) prepared.set(passport, (forms = new Map()));
  let body = forms.get(form);
  if (!body) forms.set(form, (body = servedBytes(build())));
  return body;
}

/** The public DPP object as served, serialized and hashed once per cached passport. */
export const dppBody = (passport: PublicPassport): ServedBytes =>
  preparedOnce(passport, 'dpp', () => JSON.stringify(passport.dpp));

/** The JSON-LD as served at /api/dpp/{slug}/jsonld and through the resolver: the same bytes both ways. */
export const jsonLdBody = (passport: PublicPassport): ServedBytes =>
  preparedOnce(passport, 'jsonld', () => JSON.stringify(buildJsonLd(passport, config().BASE_URL)));

/** The RFC 9264 linkset the resolver serves. */
export const linksetBody = (passport: PublicPassport): ServedBytes =>
  preparedOnce(passport, 'linkset', () => JSON.stringify(buildLinkset(passport, config().BASE_URL)));

/** The AAS V3.0 environment (application/aas+json) of the passport's public view, as `/api/dpp/{slug}/aas` serves it. */
export const aasBody = (passport: PublicPassport): ServedBytes =>
  preparedOnce(passport, 'aas', () => {
    const { dpp, product, schema } = passport;
    const source = {
      slug: product.slug,
      productName: dpp.productName,
      batteryCategory: dpp.batteryCategory,
      version: dpp.version,
      gtin: product.gtin,
      serialNumber: product.serialNumber,
      batchNumber: product.batchNumber,
      path: product.path,
      schema,
      // Every tier: the builder reads public fields only (and public members of array entries).
      fields: passport.fields,
    };
    return aasJson(buildAasEnvironment(source, config().BASE_URL));
  });
