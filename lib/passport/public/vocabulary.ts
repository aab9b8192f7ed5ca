import { ALL_FIELD_SPECS } from '../../schema/fields';
import { DPP_NAMESPACE, ESPR_NAMESPACE } from './jsonld';

/**
 * The service's two small vocabularies, under fixed namespaces (`DPP_NAMESPACE`, `ESPR_NAMESPACE`: the same IRIs
 * on every deployment) whose definitions every instance serves at `/ns/dpp` and `/ns/espr`. Every `dpp:` and
 * `espr:` term the JSON-LD document uses is defined here (a test checks it), so each expanded IRI has a label and a
 * comment; a term that carries passport data names the schema fields it is built from, and through them its
 * Battery Pass data attribute numbers and IDTA 02035 semanticIds (docs/mapping-tables.md lists them all).
 */
export interface VocabularyTerm {
  term: string;
  kind: 'Class' | 'Property';
  label: string;
  comment: string;
  /** The schema fields (lib/schema/fields) whose values the term carries. */
  fields?: readonly string[];
  /** Battery Pass data attributes the term stands for without a field (the passport's own identifiers, its category). */
  batteryPass?: readonly number[];
}

type Mapping = Pick<VocabularyTerm, 'fields' | 'batteryPass'>;

const cls = (term: string, label: string, comment: string): VocabularyTerm => ({ term, kind: 'Class', label, comment });
const prop = (term: string, label: string, comment: string, mapping: Mapping = {}): VocabularyTerm => ({
  term,
  kind: 'Property',
  label,
  comment,
  ...mapping,
});
const fields = (...ids: string[]): Mapping => ({ fields: ids });

export const DPP_TERMS: VocabularyTerm[] = [
  cls(
    'DigitalProductPassport',
    'Digital product passport',
    'A battery passport under Regulation (EU) 2023/1542, Art. 77.',
  ),
  cls('CarbonFootprint', 'Carbon footprint', 'The carbon footprint declaration of a battery model (Art. 7).'),
  prop('dppId', 'Passport identifier', 'The identifier of the passport record in this service.', { batteryPass: [1] }),
  prop('slug', 'Slug', 'The URL-safe identifier of the passport in this service; immutable after publication.', {
    batteryPass: [1],
  }),
  prop('version', 'Version', 'The published version served; incremented on each republication (integer).'),
  prop('status', 'Status', 'The public state of the passport; always "published" in a served document.'),
  prop(
    'batteryCategory',
    'Battery category',
    'EV_BATTERY, LMT_BATTERY, INDUSTRIAL_BATTERY, SLI_BATTERY or PORTABLE_BATTERY.',
    { batteryPass: [9] },
  ),
  prop('publishedAt', 'First published', 'When the passport was first published (ISO 8601, UTC).'),
  prop('updatedAt', 'Updated', 'When the passport data last changed, telemetry included (ISO 8601, UTC).'),
  prop('batteryChemistry', 'Battery chemistry', 'The cell chemistry of the battery.', fields('battery_chemistry')),
  prop('ratedCapacityAh', 'Rated capacity', 'Rated capacity in ampere-hours.', fields('rated_capacity_ah')),
  prop('ratedEnergyKwh', 'Rated energy', 'Rated energy in kilowatt-hours.', fields('rated_energy_kwh')),
  prop(
    'expectedCycleLife',
    'Expected cycle life',
    'Expected lifetime in full charge-discharge cycles.',
    fields('expected_cycle_life'),
  ),
  prop(
    'stateOfHealth',
    'State of health',
    'Current state of health in percent, as last reported by the battery management system.',
    fields('current_soh_pct'),
  ),
  prop(
    'stateOfHealthUpdatedAt',
    'State of health date',
    'When the state of health was last reported.',
    fields('soh_last_updated'),
  ),
  prop(
    'cycleCount',
    'Cycle count',
    'Full equivalent charge-discharge cycles, as last reported by the battery management system.',
    fields('current_cycle_count'),
  ),
  prop(
    'carbonFootprint',
    'Carbon footprint',
    'The carbon footprint summary; absent for categories without a declaration (LMT, SLI, portable).',
  ),
  prop(
    'totalKgCO2e',
    'Total carbon footprint',
    'Total life-cycle carbon footprint in kilograms of CO2 equivalent.',
    fields('carbon_footprint_total_kg_co2e'),
  ),
  prop(
    'kgCO2ePerKwh',
    'Carbon footprint per kWh',
    'Kilograms of CO2 equivalent per kWh of total energy over the service life.',
    fields('carbon_footprint_per_kwh'),
  ),
  prop(
    'methodology',
    'Methodology',
    'The calculation method of the carbon footprint.',
    fields('carbon_footprint_methodology'),
  ),
  prop(
    'performanceClass',
    'Performance class',
    'The carbon footprint performance class.',
    fields('carbon_footprint_performance_class'),
  ),
  prop(
    'snapshot',
    'Published version',
    'A link relation type: a published version of the passport as recorded at publication (linksets of the resolver).',
  ),
  prop(
    'credential',
    'Signed credential',
    "A link relation type: the W3C Verifiable Credential (application/vc+jwt) its company's issuer key signed for a published version.",
  ),
  prop(
    'batteryPassAttribute',
    'Battery Pass data attribute',
    'An annotation on a term of this vocabulary: the number of the Battery Pass consortium data attribute (Data Attribute Longlist v1.2) the term carries.',
  ),
  prop(
    'idtaSemanticId',
    'IDTA semanticId',
    'An annotation on a term of this vocabulary: the semanticId of the IDTA 02035 Digital Battery Passport submodel element that holds the same data in an Asset Administration Shell.',
  ),
  prop(
    'schemaField',
    'Schema field',
    "An annotation on a term of this vocabulary: the id of the service's passport field the term's value is built from.",
  ),
  cls(
    'EndOfLife',
    'End of life',
    'The end of life of a recycled battery, after which its passport ceases (Art. 77(8)).',
  ),
  prop(
    'endOfLife',
    'End of life',
    'Present once the battery was recycled: when, and until when the passport is readable.',
  ),
  prop(
    'lifecycleStatus',
    'Lifecycle status',
    'Where the battery stands in its life, e.g. "recycled" (Annex XIII 4(c)).',
  ),
  prop('recycledAt', 'Recycled on', 'When the battery was marked recycled (ISO 8601, UTC).'),
  prop('readableUntil', 'Readable until', 'When the passport of a recycled battery ceases to exist (ISO 8601, UTC).'),
  prop('note', 'Statement', "The economic operator's statement on the end of life (recycling facility, certificate)."),
  cls(
    'Succession',
    'Succession',
    "A battery handed over to another operator for re-use, repurposing or remanufacturing: its original passport and its successor's name each other (Art. 77(7)).",
  ),
  prop('succession', 'Succession', 'Present once the battery was handed over between operators, on both passports.'),
  prop('handedOverAt', 'Handed over on', "When the successor's passport was published (ISO 8601, UTC)."),
  prop(
    'successor',
    'Successor passport',
    "The passport the battery goes on under after the handover (the original's).",
  ),
  prop('predecessor', 'Predecessor passport', "The battery's passport before the handover (the successor's)."),
  prop(
    'verified',
    'Verified',
    'Whether the successor is a passport of this service (true) or an address the previous operator stated (false).',
  ),
  prop('statedBy', 'Stated by', '"previous_operator" for a successor address the previous operator stated; else null.'),
  prop(
    'reason',
    'Reason',
    'Why the battery went on under a new passport: prepared_for_reuse, repurposed, remanufactured.',
  ),
];

const recycledFields = (material: string) => [
  `recycled_${material}_pre_consumer_pct`,
  `recycled_${material}_post_consumer_pct`,
];

export const ESPR_TERMS: VocabularyTerm[] = [
  cls('Circularity', 'Circularity', 'Circularity information of a product (ESPR, Regulation (EU) 2024/1781).'),
  prop('circularity', 'Circularity', 'The circularity summary of the product.'),
  prop(
    'recycledContentPercentage',
    'Recycled content',
    'Mean, over the regulated materials (cobalt, lithium, nickel, lead) that report a value, of their pre- plus post-consumer recycled share, in percent.',
    fields(...['cobalt', 'lithium', 'nickel', 'lead'].flatMap(recycledFields)),
  ),
  prop(
    'recycledCobaltPercentage',
    'Recycled cobalt',
    'Pre- plus post-consumer recycled share of cobalt, in percent.',
    fields(...recycledFields('cobalt')),
  ),
  prop(
    'recycledLithiumPercentage',
    'Recycled lithium',
    'Pre- plus post-consumer recycled share of lithium, in percent.',
    fields(...recycledFields('lithium')),
  ),
  prop(
    'recycledNickelPercentage',
    'Recycled nickel',
    'Pre- plus post-consumer recycled share of nickel, in percent.',
    fields(...recycledFields('nickel')),
  ),
  prop(
    'recycledLeadPercentage',
    'Recycled lead',
    'Pre- plus post-consumer recycled share of lead, in percent.',
    fields(...recycledFields('lead')),
  ),
  prop(
    'renewableContentPercentage',
    'Renewable content',
    'Share of renewable content, in percent.',
    fields('renewable_content_pct'),
  ),
];

const FIELDS_BY_ID = new Map(ALL_FIELD_SPECS.map((field) => [field.id, field]));

export interface TermMapping {
  fields: string[];
  batteryPass: number[];
  idtaSemanticIds: string[];
}

/** A term's schema fields, Battery Pass attribute numbers and IDTA semanticIds (each sorted, without repeats). */
export function termMapping(term: VocabularyTerm): TermMapping {
  const specs = (term.fields ?? []).map((id) => FIELDS_BY_ID.get(id)).filter((f) => f !== undefined);
  const numbers = new Set([...(term.batteryPass ?? []), ...specs.flatMap((f) => f.reference.batteryPass)]);
  const semanticIds = new Set(specs.flatMap((f) => (f.reference.idta ? [f.reference.idta.semanticId] : [])));
  return {
    fields: [...(term.fields ?? [])],
    batteryPass: [...numbers].sort((a, b) => a - b),
    idtaSemanticIds: [...semanticIds].sort(),
  };
}

export interface Vocabulary {
  /** Where every instance serves the definitions (`/ns/dpp`), without the leading slash. */
  path: string;
  namespace: string;
  title: string;
  terms: readonly VocabularyTerm[];
}

export const DPP_VOCABULARY: Vocabulary = {
  path: 'ns/dpp',
  namespace: DPP_NAMESPACE,
  title: 'Battery Passport Service: digital product passport vocabulary',
  terms: DPP_TERMS,
};

export const ESPR_VOCABULARY: Vocabulary = {
  path: 'ns/espr',
  namespace: ESPR_NAMESPACE,
  title: 'Battery Passport Service: ESPR circularity vocabulary',
  terms: ESPR_TERMS,
};

/**
 * The vocabulary document a namespace resolves to: a JSON-LD graph of RDFS classes and properties, each property
 * that carries passport data annotated with its schema fields, Battery Pass attributes and IDTA semanticIds. The
 * same bytes on every instance: nothing in it depends on the deployment.
 */
export function vocabularyDocument(vocabulary: Vocabulary) {
  const { namespace, title, terms } = vocabulary;
  return {
    '@context': {
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      dcterms: 'http://purl.org/dc/terms/',
      label: 'rdfs:label',
      comment: 'rdfs:comment',
      owl: 'http://www.w3.org/2002/07/owl#',
      title: 'dcterms:title',
      batteryPassAttribute: `${DPP_NAMESPACE}batteryPassAttribute`,
      idtaSemanticId: `${DPP_NAMESPACE}idtaSemanticId`,
      schemaField: `${DPP_NAMESPACE}schemaField`,
    },
    '@graph': [
      { '@id': namespace, '@type': 'owl:Ontology', title },
      ...terms.map((t) => {
        const mapping = termMapping(t);
        return {
          '@id': `${namespace}${t.term}`,
          '@type': t.kind === 'Class' ? 'rdfs:Class' : 'rdf:Property',
          label: t.label,
          comment: t.comment,
          ...(mapping.fields.length ? { schemaField: mapping.fields } : {}),
          ...(mapping.batteryPass.length ? { batteryPassAttribute: mapping.batteryPass } : {}),
          ...(mapping.idtaSemanticIds.length ? { idtaSemanticId: mapping.idtaSemanticIds } : {}),
        };
      }),
    ],
  };
}
