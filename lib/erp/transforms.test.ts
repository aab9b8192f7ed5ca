import { describe, expect, it } from 'vitest';
import { applyTransform } from './transforms';
import type { Transform } from './types';

const ok = (t: Transform, raw: string) => {
  const r = applyTransform(t, raw);
  if (!r.ok) throw new Error(`expected a value for ${raw}: ${r.message}`);
  return r.value;
};
const code = (t: Transform, raw: string) => {
  const r = applyTransform(t, raw);
  return r.ok ? 'ok' : r.code;
};

describe('applyTransform: number', () => {
  const comma: Transform = { type: 'number', decimalSeparator: ',' };
  const commaDots: Transform = { type: 'number', decimalSeparator: ',', thousandsSeparator: '.' };
  const pointCommas: Transform = { type: 'number', decimalSeparator: '.', thousandsSeparator: ',' };

  it('reads a decimal comma, negatives and a leading separator', () => {
    expect(ok(comma, '1,5')).toBe(1.5);
    expect(ok(comma, ' -12,25 ')).toBe(-12.25);
    expect(ok(comma, '+3')).toBe(3);
    expect(ok(comma, ',5')).toBe(0.5);
    expect(ok(comma, '-0')).toBe(0);
  });

  it('reads grouped thousands only in groups of three, with either separator convention', () => {
    expect(ok(commaDots, '1.234.567,89')).toBe(1234567.89);
    expect(ok(commaDots, '1234,5')).toBe(1234.5);
    expect(ok(pointCommas, '-1,234.5')).toBe(-1234.5);
    expect(ok({ type: 'number', decimalSeparator: ',', thousandsSeparator: ' ' }, '12\u00a0345,6')).toBe(12345.6);
    expect(ok({ type: 'number', decimalSeparator: '.', thousandsSeparator: "'" }, "1'000")).toBe(1000);
    expect(code(commaDots, '1.23,4')).toBe('WRONG_TYPE');
    expect(code(commaDots, '12.34')).toBe('WRONG_TYPE');
  });

  it('refuses the other separator instead of guessing (1.234 is neither 1234 nor 1.234 with a decimal comma)', () => {
    expect(code(comma, '1.234')).toBe('WRONG_TYPE');
    expect(code({ type: 'number', decimalSeparator: '.' }, '1,5')).toBe('WRONG_TYPE');
  });

  it('answers null for an empty or blank cell and WRONG_TYPE for text, without echoing the cell', () => {
    expect(ok(comma, '')).toBeNull();
    expect(ok(comma, '   ')).toBeNull();
    const r = applyTransform(comma, 'twelve-secret');
    expect(r).toMatchObject({ ok: false, code: 'WRONG_TYPE' });
    expect(JSON.stringify(r)).not.toContain('twelve-secret');
    expect(code(comma, '1,2,3')).toBe('WRONG_TYPE');
    expect(code(comma, '1e5')).toBe('WRONG_TYPE');
  });
});

describe('applyTransform: percent', () => {
  it('answers percent: a % sign wins, a bare number is read in the stated scale', () => {
    expect(ok({ type: 'percent', scale: 'fraction' }, '0.85')).toBe(85);
    expect(ok({ type: 'percent', scale: 'fraction' }, '85 %')).toBe(85);
    expect(ok({ type: 'percent', scale: 'percent' }, '85')).toBe(85);
    expect(ok({ type: 'percent', scale: 'percent', decimalSeparator: ',' }, '12,5%')).toBe(12.5);
    expect(ok({ type: 'percent', scale: 'fraction' }, '0.07')).toBe(7);
    expect(code({ type: 'percent', scale: 'percent' }, 'n/a')).toBe('WRONG_TYPE');
    expect(ok({ type: 'percent', scale: 'percent' }, '')).toBeNull();
  });
});

describe('applyTransform: unit', () => {
  it('converts within a dimension, with the unit written after the number or not', () => {
    expect(ok({ type: 'unit', from: 'Wh', to: 'kWh' }, '75200')).toBe(75.2);
    expect(ok({ type: 'unit', from: 'kWh', to: 'Wh', decimalSeparator: ',' }, '1,2 kWh')).toBe(1200);
    expect(ok({ type: 'unit', from: 'mAh', to: 'Ah' }, '188000')).toBe(188);
    expect(ok({ type: 'unit', from: 't', to: 'kg' }, '0.45')).toBe(450);
    expect(ok({ type: 'unit', from: 'K', to: '°C' }, '298.15')).toBe(25);
    expect(ok({ type: 'unit', from: 'W', to: 'kW' }, '-1500')).toBe(-1.5);
  });

  it('refuses units of different dimensions, unknown units and a foreign suffix', () => {
    expect(code({ type: 'unit', from: 'kg', to: 'kWh' }, '1')).toBe('WRONG_TYPE');
    expect(code({ type: 'unit', from: 'furlong', to: 'kg' }, '1')).toBe('WRONG_TYPE');
    expect(code({ type: 'unit', from: 'Wh', to: 'kWh' }, '5 kWh')).toBe('WRONG_TYPE');
  });
});

describe('applyTransform: date', () => {
  it('writes every accepted format as YYYY-MM-DD', () => {
    expect(ok({ type: 'date', format: 'DD.MM.YYYY' }, '14.03.2025')).toBe('2025-03-14');
    expect(ok({ type: 'date', format: 'MM/DD/YYYY' }, '3/14/2025')).toBe('2025-03-14');
    expect(ok({ type: 'date', format: 'DD/MM/YYYY' }, '14/03/2025')).toBe('2025-03-14');
    expect(ok({ type: 'date', format: 'YYYY-MM-DD' }, '2025-03-14')).toBe('2025-03-14');
    expect(ok({ type: 'date', format: 'YYYYMMDD' }, '20250314')).toBe('2025-03-14');
    expect(ok({ type: 'date', format: 'excel-serial' }, '45730')).toBe('2025-03-14');
    expect(ok({ type: 'date', format: 'excel-serial' }, '61')).toBe('1900-03-01');
  });

  it('refuses impossible dates and other formats with PATTERN_MISMATCH, early Excel serials with OUT_OF_RANGE', () => {
    expect(code({ type: 'date', format: 'DD.MM.YYYY' }, '31.02.2025')).toBe('PATTERN_MISMATCH');
    expect(code({ type: 'date', format: 'MM/DD/YYYY' }, '14/03/2025')).toBe('PATTERN_MISMATCH');
    expect(code({ type: 'date', format: 'DD.MM.YYYY' }, '2025-03-14')).toBe('PATTERN_MISMATCH');
    expect(code({ type: 'date', format: 'excel-serial' }, '14.03.2025')).toBe('PATTERN_MISMATCH');
    expect(code({ type: 'date', format: 'excel-serial' }, '59')).toBe('OUT_OF_RANGE');
    expect(ok({ type: 'date', format: 'DD.MM.YYYY' }, ' ')).toBeNull();
  });
});

describe('applyTransform: enum, boolean, trim, none', () => {
  it('maps ERP values to options exactly, then ignoring case; an unmapped value is kept for validation to judge', () => {
    const t: Transform = { type: 'enum', map: { 'Li-NMC': 'NMC', LFP: 'LFP' } };
    expect(ok(t, 'Li-NMC')).toBe('NMC');
    expect(ok(t, ' li-nmc ')).toBe('NMC');
    expect(ok(t, 'NCA')).toBe('NCA');
    expect(ok({ type: 'enum', map: {} }, 'toString')).toBe('toString');
  });

  it('reads the configured true and false words, ignoring case, and refuses others with WRONG_TYPE', () => {
    const t: Transform = { type: 'boolean', trueWords: ['Ja', 'J'], falseWords: ['Nein', 'N'] };
    expect(ok(t, 'ja')).toBe(true);
    expect(ok(t, ' NEIN ')).toBe(false);
    expect(ok(t, '')).toBeNull();
    expect(code(t, 'vielleicht')).toBe('WRONG_TYPE');
  });

  it('trims with trim, keeps the cell with none, and both answer null for an empty cell', () => {
    expect(ok({ type: 'trim' }, '  VX-75 ')).toBe('VX-75');
    expect(ok({ type: 'none' }, ' VX-75 ')).toBe(' VX-75 ');
    expect(ok({ type: 'none' }, '')).toBeNull();
  });
});
