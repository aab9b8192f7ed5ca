import { describe, expect, it } from 'vitest';
import { testField } from '../../testing/fields';
import { CATEGORY_SCHEMAS } from './categories';
import { diffSchemaFields, sameJson } from './diff';
import type { FieldDefinition } from './types';

const field = (id: string, overrides: Partial<FieldDefinition> = {}) =>
  testField(id, 'number', {
    label: `Label of ${id}`,
    unit: 'kWh',
    min: 0,
    max: 100,
    group: 'performance',
    example: 42,
    reference: { batteryPass: [1], regulation: 'Annex XIII' },
    ...overrides,
  });

describe('diffSchemaFields', () => {
  it('finds nothing between a schema and itself (the only version today)', () => {
    const fields = CATEGORY_SCHEMAS.EV_BATTERY.fields;
    expect(diffSchemaFields(fields, fields)).toEqual({ added: [], removed: [], changed: [] });
  });

  it('lists added fields in the order of the new version and removed ones in the order of the old', () => {
    const from = [field('a'), field('gone_1'), field('b'), field('gone_2')];
    const to = [field('new_1'), field('a'), field('b'), field('new_2')];
    const diff = diffSchemaFields(from, to);
    expect(diff.added.map((f) => f.id)).toEqual(['new_1', 'new_2']);
    expect(diff.removed.map((f) => f.id)).toEqual(['gone_1', 'gone_2']);
    expect(diff.changed).toEqual([]);
  });

  it('names every changed property with its old and new value, whole added and removed fields included', () => {
    const from = [field('capacity', { max: 100, mandated: false, options: [{ value: 'x', label: 'X' }] })];
    const to = [
      field('capacity', {
        max: 500,
        mandated: true,
        options: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y' },
        ],
      }),
    ];
    const { changed } = diffSchemaFields(from, to);
    expect(changed).toEqual([
      {
        id: 'capacity',
        changes: {
          mandated: { from: false, to: true },
          max: { from: 100, to: 500 },
          options: {
            from: [{ value: 'x', label: 'X' }],
            to: [
              { value: 'x', label: 'X' },
              { value: 'y', label: 'Y' },
            ],
          },
        },
      },
    ]);
  });

  it('reports a property that appears or disappears as a change from or to null', () => {
    const { changed } = diffSchemaFields(
      [field('soh', { pattern: '^\\d+$' })],
      [field('soh', { min: undefined, description: 'New.' })],
    );
    expect(changed[0]!.changes).toEqual({
      description: { from: null, to: 'New.' },
      min: { from: 0, to: null },
      pattern: { from: '^\\d+$', to: null },
    });
  });

  it('ignores object key order, so a stored (canonical, sorted) schema equals the same schema from code', () => {
    const code = field('materials', { type: 'array', items: [field('share', { min: 0, max: 100 })] });
    const reversed = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reversed)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reversed(x)]),
            )
          : v;
    const stored = reversed(code) as FieldDefinition;
    expect(Object.keys(stored)[0]).not.toBe(Object.keys(code)[0]);
    expect(diffSchemaFields([stored], [code]).changed).toEqual([]);
  });

  it('sees a change deep inside the members of an array field', () => {
    const from = [field('materials', { type: 'array', items: [field('share', { max: 100 })] })];
    const to = [field('materials', { type: 'array', items: [field('share', { max: 90 })] })];
    expect(Object.keys(diffSchemaFields(from, to).changed[0]!.changes)).toEqual(['items']);
  });
});

describe('sameJson', () => {
  it('distinguishes arrays from objects and order inside arrays', () => {
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1, b: [true] }, { b: [true], a: 1 })).toBe(true);
  });
});
