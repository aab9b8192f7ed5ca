import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleOf, SchemaCollector } from './json-schema';

// Ids are global in zod's registry, so each test names its schemas uniquely.
describe('SchemaCollector', () => {
  it('moves named schemas to components and points every reference there', () => {
    const Part = z.object({ sku: z.string() }).meta({ id: 'CollectorPart' });
    const schemas = new SchemaCollector();
    const root = schemas.convert(z.object({ a: Part, b: z.array(Part) }), 'output');
    expect(root).toMatchObject({
      properties: {
        a: { $ref: '#/components/schemas/CollectorPart' },
        b: { items: { $ref: '#/components/schemas/CollectorPart' } },
      },
    });
    expect(root.$schema).toBeUndefined();
    expect(root.$defs).toBeUndefined();
    expect(schemas.components.CollectorPart).toMatchObject({ type: 'object', properties: { sku: { type: 'string' } } });
  });

  it('keeps one component for a schema met twice, and suffixes the input side when it differs from the output', () => {
    const Paged = z.object({ limit: z.number().default(50) }).meta({ id: 'CollectorPaged' });
    const schemas = new SchemaCollector();
    schemas.convert(z.object({ p: Paged }), 'output');
    schemas.convert(z.object({ again: Paged }), 'output');
    const input = schemas.convert(z.object({ p: Paged }), 'input');
    expect(Object.keys(schemas.components).sort()).toEqual(['CollectorPaged', 'CollectorPaged_input']);
    expect(schemas.components.CollectorPaged!.required).toEqual(['limit']);
    expect(schemas.components.CollectorPaged_input!.required).toBeUndefined();
    expect(input).toMatchObject({ properties: { p: { $ref: '#/components/schemas/CollectorPaged_input' } } });
  });

  it('does not forbid unknown members in answers, so a compatible release may add some', () => {
    const root = new SchemaCollector().convert(z.object({ a: z.string() }), 'output');
    expect(root.additionalProperties).toBeUndefined();
  });

  it('refuses a recursive root schema without an id instead of emitting a dangling reference', () => {
    const Node: z.ZodType = z.object({ children: z.array(z.lazy(() => Node)) });
    expect(() => new SchemaCollector().convert(Node, 'output')).toThrow(/recursive root schema/);
  });
});

describe('exampleOf', () => {
  const schemas = new SchemaCollector();
  const example = (schema: z.ZodType) => exampleOf(schemas.convert(schema, 'input'), schemas);

  it("prefers the schema's own example, then the first of its examples", () => {
    expect(example(z.object({ a: z.string() }).meta({ example: { a: 'x' } }))).toEqual({ a: 'x' });
    expect(example(z.object({ a: z.string() }).meta({ examples: [{ a: 'y' }, { a: 'z' }] }))).toEqual({ a: 'y' });
  });

  it('builds an object from member examples, filling required members and leaving out optional ones without one', () => {
    const body = z.object({
      name: z.string().meta({ example: 'Aurora' }),
      id: z.uuid(),
      count: z.number().int().min(3),
      kind: z.enum(['cell', 'pack']),
      note: z.string().optional(),
      cursor: z.string().nullable(),
      tags: z.array(z.string().meta({ example: 'blue' })).optional(),
    });
    expect(example(body)).toEqual({
      name: 'Aurora',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      count: 3,
      kind: 'cell',
      cursor: null,
      tags: ['blue'],
    });
  });

  it('fills required members that have no type of a value of their own, so the example still fits its schema', () => {
    const field = z.object({
      id: z.string().meta({ example: 'rated_capacity_ah' }),
      options: z.array(z.object({ value: z.string() })).nullable(),
      example: z.unknown(),
      details: z.record(z.string(), z.unknown()),
    });
    expect(example(field)).toEqual({ id: 'rated_capacity_ah', options: null, example: null, details: {} });
  });

  it('gives no example when nothing in the schema carries one', () => {
    expect(example(z.object({ a: z.string(), b: z.number() }))).toBeUndefined();
  });
});
