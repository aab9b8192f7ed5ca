import { describe, expect, it } from 'vitest';
import { getCategorySchema } from '../schema/categories';
import { BMS_DYNAMIC_FIELD_IDS, DYNAMIC_FIELDS } from '../schema/fields/dynamic';
import { BATTERY_CATEGORIES } from '../schema/types';
import { sortPatch } from './whitelist';

// The contract's "Whitelisted formDataPatch keys (exact)", copied verbatim from the spec.
const SPEC_WHITELIST =
  'current_soh_pct, soh_last_updated, current_cycle_count, cycle_count_last_updated, remaining_energy_kwh, remaining_capacity_ah, remaining_capacity_kwh, remaining_power_capability_kw, remaining_round_trip_efficiency_pct, self_discharge_rate_evolution_pct_per_month, total_energy_throughput_kwh, total_energy_throughput_ah, deep_discharge_events, overcharge_events, number_of_charging_events, time_at_temp_extreme_low_sec, time_at_temp_low_sec, time_at_temp_high_sec, time_at_temp_extreme_high_sec, time_charging_at_temp_extreme_high_sec, time_charging_at_temp_extreme_low_sec, lifetime_counter_last_updated'.split(
    ', ',
  );

const ev = getCategorySchema('EV_BATTERY')!;
const examples = Object.fromEntries(DYNAMIC_FIELDS.map((f) => [f.id, f.example]));

describe('the BMS whitelist', () => {
  it('is exactly the contract’s 22 keys, each a dynamic field of every category', () => {
    expect([...BMS_DYNAMIC_FIELD_IDS]).toEqual(SPEC_WHITELIST);
    for (const category of BATTERY_CATEGORIES) {
      const schema = getCategorySchema(category)!;
      for (const id of SPEC_WHITELIST)
        expect(schema.fields.find((f) => f.id === id)?.dynamic, `${category} ${id}`).toBe(true);
    }
  });

  it('applies every whitelisted key with a valid value, in body order', () => {
    expect(sortPatch(ev, examples)).toEqual({ accepted: examples, appliedKeys: SPEC_WHITELIST, rejectedKeys: [] });
  });

  it('drops identity, certification, carbon and recycled-content keys, other dynamic fields, and anything unknown', () => {
    const patch = {
      model_number: 'X',
      manufacturer_name: 'Evil',
      ce_marking: false,
      eu_declaration_of_conformity_url: 'https://evil.example/',
      carbon_footprint_total_kg_co2e: 1,
      recycled_cobalt_pre_consumer_pct: 99,
      battery_status: 'waste',
      serialNumber: 'S',
      current_soh_pct: 90,
    };
    expect(sortPatch(ev, patch)).toEqual({
      accepted: { current_soh_pct: 90 },
      appliedKeys: ['current_soh_pct'],
      rejectedKeys: Object.keys(patch).filter((k) => k !== 'current_soh_pct'),
    });
  });

  it('rejects a whitelisted key whose value breaks its field rule, and null', () => {
    const result = sortPatch(ev, {
      current_soh_pct: 140,
      current_cycle_count: 1.5,
      soh_last_updated: 'yesterday',
      remaining_energy_kwh: '7',
      overcharge_events: null,
      deep_discharge_events: 2,
    });
    expect(result.appliedKeys).toEqual(['deep_discharge_events']);
    expect(result.rejectedKeys).toEqual([
      'current_soh_pct',
      'current_cycle_count',
      'soh_last_updated',
      'remaining_energy_kwh',
      'overcharge_events',
    ]);
  });

  it('shortens an absurdly long rejected key before echoing it', () => {
    expect(sortPatch(ev, { ['k'.repeat(1000)]: 1 }).rejectedKeys[0]).toBe(`${'k'.repeat(200)}…`);
  });
});
