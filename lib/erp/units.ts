/** Units an ERP export may use, each with its dimension and factor to the dimension's base unit. */
const UNITS: Record<string, { dimension: string; factor: number; offset?: number }> = {
  Wh: { dimension: 'energy', factor: 1 },
  kWh: { dimension: 'energy', factor: 1e3 },
  MWh: { dimension: 'energy', factor: 1e6 },
  mAh: { dimension: 'charge', factor: 1e-3 },
  Ah: { dimension: 'charge', factor: 1 },
  mg: { dimension: 'mass', factor: 1e-3 },
  g: { dimension: 'mass', factor: 1 },
  kg: { dimension: 'mass', factor: 1e3 },
  t: { dimension: 'mass', factor: 1e6 },
  mW: { dimension: 'power', factor: 1e-3 },
  W: { dimension: 'power', factor: 1 },
  kW: { dimension: 'power', factor: 1e3 },
  MW: { dimension: 'power', factor: 1e6 },
  mV: { dimension: 'voltage', factor: 1e-3 },
  V: { dimension: 'voltage', factor: 1 },
  kV: { dimension: 'voltage', factor: 1e3 },
  mohm: { dimension: 'resistance', factor: 1e-3 },
  ohm: { dimension: 'resistance', factor: 1 },
  '°C': { dimension: 'temperature', factor: 1 },
  K: { dimension: 'temperature', factor: 1, offset: -273.15 },
  s: { dimension: 'time', factor: 1 },
  min: { dimension: 'time', factor: 60 },
  h: { dimension: 'time', factor: 3600 },
  months: { dimension: 'duration', factor: 1 },
  years: { dimension: 'duration', factor: 12 },
};

export const UNIT_NAMES = Object.keys(UNITS);

export const isKnownUnit = (unit: string) => Object.hasOwn(UNITS, unit);

/** True when `from` converts to `to` (both known, same dimension). */
export const convertible = (from: string, to: string) =>
  isKnownUnit(from) && isKnownUnit(to) && UNITS[from].dimension === UNITS[to].dimension;

/** `value` in `from` expressed in `to`; rounded to 12 significant digits so 1.2 kWh is 1200 Wh, not 1199.9999999998. */
export function convertUnit(value: number, from: string, to: string): number {
  const a = UNITS[from];
  const b = UNITS[to];
  const base = value * a.factor + (a.offset ?? 0);
  return Number(((base - (b.offset ?? 0)) / b.factor).toPrecision(12));
}
