/**
 * The service's two small vocabularies, behind `{BASE_URL}/ns/dpp#` and `{BASE_URL}/ns/espr#`. Every `dpp:` and
 * `espr:` term the JSON-LD document uses is defined here (a test checks it), so each expanded IRI dereferences
 * to a label and a comment.
 */
export interface VocabularyTerm {
  term: string;
  kind: 'Class' | 'Property';
  label: string;
  comment: string;
}

const cls = (term: string, label: string, comment: string): VocabularyTerm => ({ term, kind: 'Class', label, comment });
const prop = (term: string, label: string, comment: string): VocabularyTerm => ({
  term,
  kind: 'Property',
  label,
  comment,
});

export const DPP_TERMS: VocabularyTerm[] = [
  cls(
    'DigitalProductPassport',
    'Digital product passport',
    'A battery passport under Regulation (EU) 2023/1542, Art. 77.',
  ),
  cls('CarbonFootprint', 'Carbon footprint', 'The carbon footprint declaration of a battery model (Art. 7).'),
  prop('dppId', 'Passport identifier', 'The identifier of the passport record in this service.'),
  prop('slug', 'Slug', 'The URL-safe identifier of the passport in this service; immutable after publication.'),
  prop('version', 'Version', 'The published version served; incremented on each republication (integer).'),
  prop('status', 'Status', 'The public state of the passport; always "published" in a served document.'),
  prop(
    'batteryCategory',
    'Battery category',
    'EV_BATTERY, LMT_BATTERY, INDUSTRIAL_BATTERY, SLI_BATTERY or PORTABLE_BATTERY.',
  ),
  prop('publishedAt', 'First published', 'When the passport was first published (ISO 8601, UTC).'),
  prop('updatedAt', 'Updated', 'When the passport data last changed, telemetry included (ISO 8601, UTC).'),
  prop('batteryChemistry', 'Battery chemistry', 'The cell chemistry of the battery.'),
  prop('ratedCapacityAh', 'Rated capacity', 'Rated capacity in ampere-hours.'),
  prop('ratedEnergyKwh', 'Rated energy', 'Rated energy in kilowatt-hours.'),
  prop('expectedCycleLife', 'Expected cycle life', 'Expected lifetime in full charge-discharge cycles.'),
  prop(
    'stateOfHealth',
    'State of health',
    'Current state of health in percent, as last reported by the battery management system.',
  ),
  prop('stateOfHealthUpdatedAt', 'State of health date', 'When the state of health was last reported.'),
  prop(
    'cycleCount',
    'Cycle count',
    'Full equivalent charge-discharge cycles, as last reported by the battery management system.',
  ),
  prop(
    'carbonFootprint',
    'Carbon footprint',
    'The carbon footprint summary; absent for categories without a declaration (LMT, SLI, portable).',
  ),
  prop('totalKgCO2e', 'Total carbon footprint', 'Total life-cycle carbon footprint in kilograms of CO2 equivalent.'),
  prop(
    'kgCO2ePerKwh',
    'Carbon footprint per kWh',
    'Kilograms of CO2 equivalent per kWh of total energy over the service life.',
  ),
  prop('methodology', 'Methodology', 'The calculation method of the carbon footprint.'),
  prop('performanceClass', 'Performance class', 'The carbon footprint performance class.'),
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
];

export const ESPR_TERMS: VocabularyTerm[] = [
  cls('Circularity', 'Circularity', 'Circularity information of a product (ESPR, Regulation (EU) 2024/1781).'),
  prop('circularity', 'Circularity', 'The circularity summary of the product.'),
  prop(
    'recycledContentPercentage',
    'Recycled content',
    'Mean, over the regulated materials (cobalt, lithium, nickel, lead) that report a value, of their pre- plus post-consumer recycled share, in percent.',
  ),
  prop('recycledCobaltPercentage', 'Recycled cobalt', 'Pre- plus post-consumer recycled share of cobalt, in percent.'),
  prop(
    'recycledLithiumPercentage',
    'Recycled lithium',
    'Pre- plus post-consumer recycled share of lithium, in percent.',
  ),
  prop('recycledNickelPercentage', 'Recycled nickel', 'Pre- plus post-consumer recycled share of nickel, in percent.'),
  prop('recycledLeadPercentage', 'Recycled lead', 'Pre- plus post-consumer recycled share of lead, in percent.'),
  prop('renewableContentPercentage', 'Renewable content', 'Share of renewable content, in percent.'),
];

/** The vocabulary document a namespace IRI resolves to: a JSON-LD graph of RDFS classes and properties. */
export function vocabularyDocument(namespace: string, title: string, terms: VocabularyTerm[]) {
  return {
    '@context': {
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      dcterms: 'http://purl.org/dc/terms/',
      label: 'rdfs:label',
      comment: 'rdfs:comment',
      owl: 'http://www.w3.org/2002/07/owl#',
      title: 'dcterms:title',
    },
    '@graph': [
      { '@id': namespace, '@type': 'owl:Ontology', title },
      ...terms.map((t) => ({
        '@id': `${namespace}${t.term}`,
        '@type': t.kind === 'Class' ? 'rdfs:Class' : 'rdf:Property',
        label: t.label,
        comment: t.comment,
      })),
    ],
  };
}
