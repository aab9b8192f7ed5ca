// Realistic, monotonic battery telemetry for the fleet simulator. Imports nothing from the server: it is also
// documentation for firmware teams of what a BMS reports.

/** A small seeded generator (mulberry32), so a run can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface BatteryState {
  productId: string;
  nominalKwh: number;
  cycles: number;
  sohPct: number;
  energyThroughputKwh: number;
  energyThroughputAh: number;
  chargingEvents: number;
  deepDischargeEvents: number;
  overchargeEvents: number;
  secondsExtremeLow: number;
  secondsLow: number;
  secondsHigh: number;
  secondsExtremeHigh: number;
  secondsChargingExtremeLow: number;
  secondsChargingExtremeHigh: number;
}

const PACK_VOLTAGE = 400;
/** Capacity fade per full cycle: about 20 % over 1,000 cycles, a common warranty curve. */
const FADE_PER_CYCLE = 0.02;
const SOH_FLOOR = 60;
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

export function newBattery(productId: string, random: () => number): BatteryState {
  return {
    productId,
    nominalKwh: 60 + Math.round(random() * 40),
    cycles: 0,
    sohPct: 100,
    energyThroughputKwh: 0,
    energyThroughputAh: 0,
    chargingEvents: 0,
    deepDischargeEvents: 0,
    overchargeEvents: 0,
    secondsExtremeLow: 0,
    secondsLow: 0,
    secondsHigh: 0,
    secondsExtremeHigh: 0,
    secondsChargingExtremeLow: 0,
    secondsChargingExtremeHigh: 0,
  };
}

/** One reporting period of use (about a day): every counter grows, state of health only ever falls. */
export function advance(s: BatteryState, random: () => number): BatteryState {
  const cycles = 0.5 + random();
  const energy = cycles * 2 * s.nominalKwh * (s.sohPct / 100);
  const soh = Math.max(SOH_FLOOR, 100 - FADE_PER_CYCLE * (s.cycles + cycles) - random() * 0.05);
  return {
    ...s,
    cycles: s.cycles + cycles,
    sohPct: Math.min(s.sohPct, soh),
    energyThroughputKwh: s.energyThroughputKwh + energy,
    energyThroughputAh: s.energyThroughputAh + (energy * 1000) / PACK_VOLTAGE,
    chargingEvents: s.chargingEvents + 1 + Math.floor(random() * 2),
    deepDischargeEvents: s.deepDischargeEvents + (random() < 0.02 ? 1 : 0),
    overchargeEvents: s.overchargeEvents + (random() < 0.01 ? 1 : 0),
    secondsExtremeLow: s.secondsExtremeLow + Math.floor(random() * 60),
    secondsLow: s.secondsLow + Math.floor(random() * 3600),
    secondsHigh: s.secondsHigh + Math.floor(random() * 3600),
    secondsExtremeHigh: s.secondsExtremeHigh + Math.floor(random() * 120),
    secondsChargingExtremeLow: s.secondsChargingExtremeLow + Math.floor(random() * 10),
    secondsChargingExtremeHigh: s.secondsChargingExtremeHigh + Math.floor(random() * 20),
  };
}

/** The BMS update body for a state: the whitelisted dynamic fields and the seven lifetime counters. */
export function telemetryBody(s: BatteryState, at: Date) {
  const now = at.toISOString();
  const remainingKwh = round(s.nominalKwh * (s.sohPct / 100));
  return {
    formDataPatch: {
      current_soh_pct: round(s.sohPct, 2),
      soh_last_updated: now,
      current_cycle_count: Math.floor(s.cycles),
      cycle_count_last_updated: now,
      remaining_capacity_kwh: remainingKwh,
      remaining_energy_kwh: remainingKwh,
      remaining_capacity_ah: round((remainingKwh * 1000) / PACK_VOLTAGE),
      // Power, efficiency and self-discharge follow the fade: an aged cell delivers less and leaks more.
      remaining_power_capability_kw: round(remainingKwh * 2.5),
      remaining_round_trip_efficiency_pct: round(95 - (100 - s.sohPct) * 0.2, 2),
      self_discharge_rate_evolution_pct_per_month: round(1.5 + (100 - s.sohPct) * 0.05, 2),
      total_energy_throughput_kwh: round(s.energyThroughputKwh),
      total_energy_throughput_ah: round(s.energyThroughputAh),
      number_of_charging_events: s.chargingEvents,
      deep_discharge_events: s.deepDischargeEvents,
      overcharge_events: s.overchargeEvents,
      time_at_temp_extreme_low_sec: s.secondsExtremeLow,
      time_at_temp_low_sec: s.secondsLow,
      time_at_temp_high_sec: s.secondsHigh,
      time_at_temp_extreme_high_sec: s.secondsExtremeHigh,
      time_charging_at_temp_extreme_low_sec: s.secondsChargingExtremeLow,
      time_charging_at_temp_extreme_high_sec: s.secondsChargingExtremeHigh,
      lifetime_counter_last_updated: now,
    },
    lifetimeCounters: {
      timeAtTempExtremeLowSec: s.secondsExtremeLow,
      timeAtTempLowSec: s.secondsLow,
      timeAtTempHighSec: s.secondsHigh,
      timeAtTempExtremeHighSec: s.secondsExtremeHigh,
      totalEnergyThroughputKwh: round(s.energyThroughputKwh),
      totalEnergyThroughputAh: round(s.energyThroughputAh),
      deepDischargeEvents: s.deepDischargeEvents,
    },
  };
}
