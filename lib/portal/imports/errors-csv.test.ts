import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './errors-csv';

describe('the errors CSV quotes what needs quoting', () => {
  it('leaves plain fields bare and writes null as an empty field', () => {
    expect(csvRow([12, 'Capacity', 'ratedCapacity', 'REQUIRED', null])).toBe('12,Capacity,ratedCapacity,REQUIRED,\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "kWh"')).toBe('"say ""kWh"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('reads back field for field with a real CSV parser', () => {
    const tricky = ['x, "y"\r\nz', '', ' spaced ', 'ünïcode;semi'];
    const text = csvRow(['row', 'column', 'field', 'code', 'message']) + csvRow([3, ...tricky]);
    expect(parse(text)).toEqual([
      ['row', 'column', 'field', 'code', 'message'],
      ['3', ...tricky],
    ]);
  });
});
