import type { PublicPassport } from './lookup';

export const SCHEMA_ORG_CONTEXT = 'https://schema.org/';
export const VC_V1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
export const GS1_VOCABULARY = 'https://ref.gs1.org/voc/';

/**
 * The service's own vocabularies: fixed namespaces, the same IRIs on every deployment (docs/decisions.md, "A stable
 * vocabulary"); every instance serves their definitions at `/ns/dpp` and `/ns/espr`.
 */
export const VOCABULARY_ROOT = 'https://w3id.org/batterypassportservice/ns/';
export const DPP_NAMESPACE = `${VOCABULARY_ROOT}dpp/`;
export const ESPR_NAMESPACE = `${VOCABULARY_ROOT}espr/`;

/** schema.org, VC v1, then our term map; `DigitalProductPassport` is mapped so the type expands to a full IRI. */
export function jsonLdContext() {
  return [
    SCHEMA_ORG_CONTEXT,
    VC_V1_CONTEXT,
    {
      dpp: DPP_NAMESPACE,
      espr: ESPR_NAMESPACE,
      gs1: GS1_VOCABULARY,
      DigitalProductPassport: 'dpp:DigitalProductPassport',
    },
  ];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Pre- plus post-consumer recycled share of one material, or null when neither is reported. */
function recycledShare(recycled: Record<string, unknown>, material: string): number | null {
  const pre = num(recycled[`${material}PreConsumerPct`]);
  const post = num(recycled[`${material}PostConsumerPct`]);
  return pre === null && post === null ? null : round2((pre ?? 0) + (post ?? 0));
}

/**
 * The ESPR circularity summary. `espr:recycledContentPercentage` is one number for the whole battery: the mean of
 * the per-material recycled shares that are reported (a sum of percentages of different materials means nothing).
 */
function circularity(recycled: Record<string, unknown>) {
  const shares = {
    'espr:recycledCobaltPercentage': recycledShare(recycled, 'cobalt'),
    'espr:recycledLithiumPercentage': recycledShare(recycled, 'lithium'),
    'espr:recycledNickelPercentage': recycledShare(recycled, 'nickel'),
    'espr:recycledLeadPercentage': recycledShare(recycled, 'lead'),
  };
  const reported = Object.values(shares).filter((v): v is number => v !== null);
  return {
    '@type': 'espr:Circularity',
    'espr:recycledContentPercentage': reported.length
      ? round2(reported.reduce((a, b) => a + b, 0) / reported.length)
      : null,
    ...shares,
    'espr:renewableContentPercentage': num(recycled.renewableContentPct),
  };
}

/**
 * The JSON-LD document of a published passport. It reads the public DPP object only (never the all-tier field
 * map), so it cannot carry more than the JSON route does. Carbon footprint is absent where the category has none.
 */
export function buildJsonLd(passport: PublicPassport, baseUrl: string) {
  const { dpp, product } = passport;
  const manufacturer = dpp.manufacturer;
  const performance = dpp.performance;
  const makerName = str(manufacturer.name) ?? product.companyName;
  const carbon = dpp.carbonFootprint;
  return {
    '@context': jsonLdContext(),
    '@id': `${baseUrl}${product.path}`,
    '@type': ['Product', 'DigitalProductPassport'],
    name: dpp.productName,
    sku: str(manufacturer.modelNumber),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    ...(product.serialNumber ? { serialNumber: product.serialNumber } : {}),
    brand: { '@type': 'Brand', name: makerName },
    manufacturer: {
      '@type': 'Organization',
      name: makerName,
      url: str(manufacturer.website),
      email: str(manufacturer.email),
      address: str(manufacturer.address),
    },
    'dpp:dppId': dpp.id,
    'dpp:slug': dpp.slug,
    'dpp:version': dpp.version,
    'dpp:status': dpp.status,
    'dpp:batteryCategory': dpp.batteryCategory,
    'dpp:publishedAt': dpp.publishedAt,
    'dpp:updatedAt': dpp.updatedAt,
    'dpp:batteryChemistry': str(
      (dpp.supplyChain.materialComposition as Record<string, unknown> | undefined)?.batteryChemistry,
    ),
    'dpp:ratedCapacityAh': num(performance.ratedCapacityAh),
    'dpp:ratedEnergyKwh': num(performance.ratedEnergyKwh),
    'dpp:expectedCycleLife': num(performance.expectedCycleLife),
    'dpp:stateOfHealth': num(performance.currentSohPct),
    'dpp:stateOfHealthUpdatedAt': str(performance.sohLastUpdated),
    'dpp:cycleCount': num(performance.currentCycleCount),
    ...(carbon
      ? {
          'dpp:carbonFootprint': {
            '@type': 'dpp:CarbonFootprint',
            'dpp:totalKgCO2e': num(carbon.totalKgCo2e),
            'dpp:kgCO2ePerKwh': num(carbon.perKwh),
            'dpp:methodology': str(carbon.methodology),
            'dpp:performanceClass': str(carbon.performanceClass),
          },
        }
      : {}),
    'espr:circularity': circularity(dpp.recycledContent),
    // A recycled battery's end of life (Art. 77(8)): its passport ceases to exist after `dpp:readableUntil`.
    ...(dpp.endOfLife
      ? {
          'dpp:endOfLife': {
            '@type': 'dpp:EndOfLife',
            'dpp:lifecycleStatus': dpp.endOfLife.status,
            'dpp:recycledAt': dpp.endOfLife.recycledAt,
            'dpp:readableUntil': dpp.endOfLife.readableUntil,
            'dpp:note': dpp.endOfLife.note,
          },
        }
      : {}),
    // A battery handed over between operators (Art. 77(7)): the original and its successor passport name each other.
    ...(dpp.succession
      ? {
          'dpp:succession': {
            '@type': 'dpp:Succession',
            'dpp:lifecycleStatus': dpp.succession.status ?? null,
            'dpp:handedOverAt': dpp.succession.handedOverAt ?? null,
            'dpp:successor': dpp.succession.successor
              ? {
                  '@id': dpp.succession.successor.url,
                  'dpp:verified': dpp.succession.successor.verified,
                  'dpp:statedBy': dpp.succession.successor.statedBy,
                }
              : null,
            'dpp:predecessor': dpp.succession.predecessor
              ? { '@id': dpp.succession.predecessor.url, 'dpp:reason': dpp.succession.predecessor.reason }
              : null,
          },
        }
      : {}),
    // An item names the model version it was built on.
    ...(dpp.model
      ? {
          isVariantOf: {
            '@type': 'ProductModel',
            '@id': dpp.model.url,
            name: dpp.model.name,
            'dpp:slug': dpp.model.slug,
            'dpp:version': dpp.model.version,
          },
        }
      : {}),
  };
}
