import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@/lib/schema/types';
import { testField } from '@/testing/fields';
import { formatScalar, safeHref } from './value-format';

const field = (f: Partial<FieldDefinition>) => testField('x', 'string', { label: 'X', ...f });

describe('viewer value formatting', () => {
  it('reads numbers with their unit, booleans as Yes/No, enums by option label and dates as days', () => {
    expect(formatScalar(field({ type: 'number', unit: 'kWh' }), 75.5)).toBe('75.5 kWh');
    expect(formatScalar(field({ type: 'integer', unit: 'cycles' }), 1200)).toBe('1,200 cycles');
    expect(formatScalar(field({ type: 'boolean' }), true)).toBe('Yes');
    expect(formatScalar(field({ type: 'boolean' }), false)).toBe('No');
    expect(formatScalar(field({ type: 'enum', options: [{ value: 'NMC', label: 'Lithium NMC' }] }), 'NMC')).toBe(
      'Lithium NMC',
    );
    expect(formatScalar(field({ type: 'date' }), '2026-11-20')).toBe('20 November 2026');
    expect(formatScalar(field({ type: 'country' }), 'DE')).toBe('Germany');
  });

  it('links only http and https addresses', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});
