/**
 * The UN Transparency Protocol's Digital Product Passport (UNTP DPP 0.6.0) members the credential fills from the
 * version's public view, beside the view itself (`batteryPassport`). Each comes from public fields only, in the same
 * signed payload as the view, so the two never disagree within a credential. docs/mapping-tables.md lists the
 * field behind each member (generated from `UNTP_FIELD_MEMBERS`).
 */

/** The UNTP DPP member (a path under `credentialSubject`) each schema field fills, where UNTP has one. */
export const UNTP_FIELD_MEMBERS: Readonly<Record<string, string>> = {
  manufacturing_date: 'product.productionDate',
  manufacturing_country: 'product.countryOfProduction',
  battery_mass_kg: 'product.dimensions.weight',
  carbon_footprint_per_kwh: 'emissionsScorecard.carbonFootprint',
  recycled_cobalt_pre_consumer_pct: 'circularityScorecard.recycledContent',
  recycled_cobalt_post_consumer_pct: 'circularityScorecard.recycledContent',
  recycled_lithium_pre_consumer_pct: 'circularityScorecard.recycledContent',
  recycled_lithium_post_consumer_pct: 'circularityScorecard.recycledContent',
  recycled_nickel_pre_consumer_pct: 'circularityScorecard.recycledContent',
  recycled_nickel_post_consumer_pct: 'circularityScorecard.recycledContent',
  recycled_lead_pre_consumer_pct: 'circularityScorecard.recycledContent',
  recycled_lead_post_consumer_pct: 'circularityScorecard.recycledContent',
  separate_collection_info_url: 'circularityScorecard.recyclingInformation',
  due_diligence_report_url: 'dueDiligenceDeclaration',
  hazardous_substances: 'materialsProvenance',
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const link = (url: string, name: string) => ({ linkURL: url, linkName: name });

const MATERIALS = ['cobalt', 'lithium', 'nickel', 'lead'];

/**
 * UNTP's `recycledContent` is one fraction (0 to 1) for the product: the mean of the reported materials' pre- plus
 * post-consumer recycled shares, as `espr:recycledContentPercentage` of the JSON-LD, divided by 100.
 */
function recycledContent(fields: Record<string, unknown>): number | null {
  const shares = MATERIALS.flatMap((m) => {
    const pre = num(fields[`recycled_${m}_pre_consumer_pct`]);
    const post = num(fields[`recycled_${m}_post_consumer_pct`]);
    return pre === null && post === null ? [] : [(pre ?? 0) + (post ?? 0)];
  });
  return shares.length ? round(shares.reduce((a, b) => a + b, 0) / shares.length / 100, 4) : null;
}

/** UNTP `Product` members from the public fields: production date and country, and the battery's weight. */
export function untpProductMembers(fields: Record<string, unknown>) {
  const date = str(fields.manufacturing_date);
  const country = str(fields.manufacturing_country);
  const mass = num(fields.battery_mass_kg);
  return {
    ...(date && /^\d{4}-\d{2}-\d{2}/.test(date) ? { productionDate: date.slice(0, 10) } : {}),
    ...(country && /^[A-Z]{2}$/.test(country) ? { countryOfProduction: country } : {}),
    ...(mass === null ? {} : { dimensions: { weight: { value: mass, unit: 'KGM' } } }),
  };
}

/**
 * The `ProductPassport` scorecards and declarations the public fields fill: the carbon footprint per kWh (the
 * Regulation's declared unit, Annex II: the life cycle but the use stage, so cradle to grave), the recycled content
 * and the recycling information, the due-diligence report, and the hazardous substances as materials.
 */
export function untpSubjectMembers(fields: Record<string, unknown>) {
  const footprint = num(fields.carbon_footprint_per_kwh);
  const recycled = recycledContent(fields);
  const recycling = str(fields.separate_collection_info_url);
  const dueDiligence = str(fields.due_diligence_report_url);
  const hazardous = Array.isArray(fields.hazardous_substances) ? fields.hazardous_substances : [];
  const materials = hazardous.flatMap((entry) => {
    const s = entry as Record<string, unknown>;
    const name = str(s.name);
    if (!name) return [];
    const share = num(s.concentration_pct);
    return [{ name, hazardous: true, ...(share === null ? {} : { massFraction: round(share / 100, 6) }) }];
  });
  return {
    ...(footprint === null
      ? {}
      : { emissionsScorecard: { carbonFootprint: footprint, declaredUnit: 'KWH', operationalScope: 'CradleToGrave' } }),
    ...(recycled === null && !recycling
      ? {}
      : {
          circularityScorecard: {
            ...(recycled === null ? {} : { recycledContent: recycled }),
            ...(recycling ? { recyclingInformation: link(recycling, 'Separate collection and recycling') } : {}),
          },
        }),
    ...(dueDiligence ? { dueDiligenceDeclaration: link(dueDiligence, 'Supply chain due diligence report') } : {}),
    ...(materials.length ? { materialsProvenance: materials } : {}),
  };
}
