import { z } from 'zod';
import { sameJson } from '../../schema/diff';

export type JsonSchema = Record<string, unknown>;
export type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';

/** Every `$ref` of a converted schema, renamed from zod's local `#/$defs/<name>` to the shared components. */
function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, names));
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string') {
      if (v === '#') throw new Error('A recursive root schema cannot be placed in the document; give it .meta({ id })');
      const local = /^#\/\$defs\/(.+)$/.exec(v);
      out[key] = local ? COMPONENTS + (names.get(local[1]!) ?? local[1]) : v;
    } else out[key] = rewriteRefs(v, names);
  }
  return out;
}

/**
 * zod 4 schemas to JSON Schema 2020-12 (OpenAPI 3.1's dialect) with zod's native converter. Named schemas
 * (`.meta({ id })`) become `components.schemas`; a name met again with other content (the input and output
 * sides of one schema can differ) gets a suffix, so no two schemas ever share a component.
 */
export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: Io): JsonSchema {
    const raw = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      // Answers may gain members in a compatible release: clients must not be told to refuse unknown ones.
      override: ({ jsonSchema }) => {
        if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
        // zod bounds every .int() by the safe-integer range; as a documented limit it is noise.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = raw;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    const identity = new Map(Object.keys(defs).map((n) => [n, n]));
    const names = new Map<string, string>();
    for (const [name, def] of Object.entries(defs))
      names.set(name, this.freeName(name, rewriteRefs(def, identity), io));
    for (const [name, def] of Object.entries(defs))
      this.components[names.get(name)!] = rewriteRefs(def, names) as JsonSchema;
    return rewriteRefs(root, names) as JsonSchema;
  }

  /** A JSON Schema's own component when it is a bare `$ref`, else itself. */
  resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith(COMPONENTS))
      return this.components[ref.slice(COMPONENTS.length)] ?? schema;
    return schema;
  }

  private freeName(name: string, content: unknown, io: Io): string {
    const base = name.replace(/[^A-Za-z0-9._-]/g, '_');
    const candidates = [base, `${base}_${io}`, ...Array.from({ length: 50 }, (_, i) => `${base}_${io}${i + 2}`)];
    const free = candidates.find((c) => !(c in this.components) || sameJson(this.components[c], content));
    if (!free) throw new Error(`Too many different schemas named ${name}`);
    return free;
  }
}

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f',
  'date-time': '2026-11-23T09:30:00.000Z',
  date: '2026-11-23',
  uri: 'https://example.com/',
  email: 'someone@example.com',
};

/** A stand-in for a member without an example of its own: its default, first option, or a value of its type. */
function placeholder(s: JsonSchema): unknown {
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  // A nullable member without an example reads best as null (a last page's cursor, an absent description).
  if (Array.isArray(s.type) && s.type.includes('null')) return null;
  const variants = [...((s.anyOf ?? []) as JsonSchema[]), ...((s.oneOf ?? []) as JsonSchema[])];
  if (variants.some((v) => v.type === 'null')) return null;
  const type = s.type;
  if (type === 'string') return FORMAT_SAMPLES[s.format as string] ?? 'string';
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' && s.minimum > 0 ? s.minimum : 0;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'object') return {};
  // Any value at all (`z.unknown()`): null is one, and a required member must not be left out of its example.
  if (type === undefined && variants.length === 0 && s.allOf === undefined && s.$ref === undefined) return null;
  return undefined;
}

function hasExample(s: JsonSchema, collector: SchemaCollector, depth: number): boolean {
  if (depth > 6) return false;
  const r = collector.resolve(s);
  if (r.example !== undefined || (Array.isArray(r.examples) && r.examples.length > 0)) return true;
  const members = [
    ...Object.values((r.properties ?? {}) as Record<string, JsonSchema>),
    ...(r.items && typeof r.items === 'object' ? [r.items as JsonSchema] : []),
  ];
  const variants = [...((r.oneOf ?? []) as JsonSchema[]), ...((r.anyOf ?? []) as JsonSchema[])];
  return [...members, ...variants].some((m) => hasExample(m, collector, depth + 1));
}

function sampleOf(schema: JsonSchema, collector: SchemaCollector, depth: number): unknown {
  const s = collector.resolve(schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (depth > 6) return undefined;
  const variant = ((s.oneOf ?? s.anyOf) as JsonSchema[] | undefined)?.find((v) => hasExample(v, collector, depth + 1));
  if (variant) return sampleOf(variant, collector, depth + 1);
  if (s.items && typeof s.items === 'object') {
    const item = sampleOf(s.items as JsonSchema, collector, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (s.properties && typeof s.properties === 'object') {
    const required = new Set((s.required as string[] | undefined) ?? []);
    const entries = Object.entries(s.properties as Record<string, JsonSchema>)
      .filter(([name, member]) => required.has(name) || hasExample(member, collector, depth + 1))
      .map(([name, member]) => [name, sampleOf(member, collector, depth + 1)] as const)
      .filter(([, value]) => value !== undefined);
    return Object.fromEntries(entries);
  }
  return placeholder(s);
}

/**
 * An example value of the schema when the schema or one of its members carries one (`.meta({ example })`): the
 * examples given, required members without one filled from their default, options or type. Undefined otherwise.
 */
export function exampleOf(schema: JsonSchema, collector: SchemaCollector): unknown {
  return hasExample(schema, collector, 0) ? sampleOf(schema, collector, 0) : undefined;
}
