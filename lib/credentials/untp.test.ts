import { describe, expect, it } from 'vitest';
import { ALL_FIELD_SPECS } from '../schema/fields';
import { UNTP_FIELD_MEMBERS, untpProductMembers, untpSubjectMembers } from './untp';

const FIELDS = {
  manufacturing_date: '2026-03-01',
  manufacturing_country: 'DE',
  battery_mass_kg: 450,
  carbon_footprint_per_kwh: 61.5,
  recycled_cobalt_pre_consumer_pct: 10,
  recycled_cobalt_post_consumer_pct: 6,
  recycled_lithium_post_consumer_pct: 6,
  separate_collection_info_url: 'https://maker.example/collection',
  due_diligence_report_url: 'https://maker.example/due-diligence.pdf',
  hazardous_substances: [{ name: 'Lithium hexafluorophosphate', cas_number: '21324-40-3', concentration_pct: 1.2 }],
};

describe('UNTP DPP members of the credential subject (UN Transparency Protocol, Digital Product Passport 0.6.0)', () => {
  it('fills the Product members UNTP has from the public fields', () => {
    expect(untpProductMembers(FIELDS)).toEqual({
      productionDate: '2026-03-01',
      countryOfProduction: 'DE',
      dimensions: { weight: { value: 450, unit: 'KGM' } },
    });
    expect(untpProductMembers({ manufacturing_country: 'Germany' })).toEqual({});
  });

  it('fills the scorecards: the carbon footprint per kWh, recycled content as a fraction, the linked declarations', () => {
    expect(untpSubjectMembers(FIELDS)).toEqual({
      emissionsScorecard: { carbonFootprint: 61.5, declaredUnit: 'KWH', operationalScope: 'CradleToGrave' },
      // Mean of cobalt 16 % and lithium 6 %: 11 %.
      circularityScorecard: {
        recycledContent: 0.11,
        recyclingInformation: { linkURL: 'https://maker.example/collection', linkName: expect.any(String) },
      },
      dueDiligenceDeclaration: { linkURL: 'https://maker.example/due-diligence.pdf', linkName: expect.any(String) },
      materialsProvenance: [{ name: 'Lithium hexafluorophosphate', hazardous: true, massFraction: 0.012 }],
    });
    expect(untpSubjectMembers({})).toEqual({});
  });

  it('maps public fields only: a restricted field never reaches a UNTP member', () => {
    const byId = new Map(ALL_FIELD_SPECS.map((f) => [f.id, f]));
    for (const id of Object.keys(UNTP_FIELD_MEMBERS)) {
      expect(byId.get(id), id).toBeDefined();
      expect(byId.get(id)?.access, id).toBe('public');
    }
  });
});
