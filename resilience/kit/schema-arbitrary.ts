// OpenAPI 3.1 schemas (JSON Schema 2020-12, as the two served documents write them) turned into fast-check
// arbitraries: values the schema accepts, and values it refuses, each refused value saying what was broken.
// A small validator judges every mutation, so a value called invalid is one the document really refuses.
import fc from 'fast-check';

export type JsonSchema = Record<string, any>;

/** A value decided when the request is sent (an id of an object created during the run), not when generated. */
export class Deferred {
  constructor(
    readonly describe: string,
    readonly resolve: () => unknown,
    /** What the validator takes it for. */
    readonly stand: unknown,
  ) {}

  /** How a counterexample prints it. */
  [fc.toStringMethod](): string {
    return `<${this.describe}>`;
  }
}

/** The value with every Deferred replaced by what it resolves to now. */
export function settle(value: unknown): unknown {
  if (value instanceof Deferred) return value.resolve();
  if (Array.isArray(value)) return value.map(settle);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, { value: settle(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

export interface Mutated {
  value: unknown;
  /** What was broken, with the member's path (`columns.0.transform.type: not in enum`). */
  mutation: string;
  /**
   * The mutation sits inside an object the document marks `x-whitelist` (BMS formDataPatch): the service drops
   * such a member and lists it in rejectedKeys instead of refusing the request. The top-level key is given.
   */
  lenientKey?: string;
}

/** Picks a value for a member by its name (a real category code, an id of the tenant's own objects). */
export type Hint = (
  name: string,
  schema: JsonSchema,
  generic: () => fc.Arbitrary<unknown>,
) => fc.Arbitrary<unknown> | undefined;

export interface SchemaOptions {
  hint?: Hint;
  /** Longest generated string / array (boundary lengths are still tried). Default 24 / 4. */
  maxString?: number;
  maxItems?: number;
}

const FORMAT_CHECK: Record<string, RegExp> = {
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time':
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/,
};

function validDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const ownKeys = (value: object) => Object.keys(value);

export class SchemaArbitraries {
  private readonly maxString: number;
  private readonly maxItems: number;

  constructor(
    private readonly document: JsonSchema,
    private readonly options: SchemaOptions = {},
  ) {
    this.maxString = options.maxString ?? 24;
    this.maxItems = options.maxItems ?? 4;
  }

  /** A schema with its `$ref` chain followed (components of the same document). */
  resolve(schema: JsonSchema | undefined): JsonSchema {
    let s = schema ?? {};
    for (let hops = 0; typeof s.$ref === 'string' && hops < 20; hops++) {
      const target = s.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: any, part: string) => node?.[part], this.document);
      if (!target) throw new Error(`Unresolvable $ref ${s.$ref}`);
      const { $ref: _ref, ...rest } = s;
      s = { ...target, ...rest };
    }
    return s;
  }

  /** The alternatives of anyOf/oneOf, each merged with the keywords beside them. */
  private variants(s: JsonSchema): JsonSchema[] | null {
    const list = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
    if (!list) return null;
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    return list.map((v) => ({ ...rest, ...this.resolve(v) }));
  }

  // ---- validation ----

  /** Whether the schema accepts the value (the subset of JSON Schema the documents use). */
  accepts(schema: JsonSchema, value: unknown): boolean {
    if (value instanceof Deferred) return this.accepts(schema, value.stand);
    const s = this.resolve(schema);
    const variants = this.variants(s);
    if (variants) {
      const matching = variants.filter((v) => this.accepts(v, value)).length;
      return s.oneOf ? matching === 1 : matching > 0;
    }
    if (Array.isArray(s.allOf) && !s.allOf.every((part: JsonSchema) => this.accepts(part, value))) return false;
    if (s.const !== undefined && JSON.stringify(s.const) !== JSON.stringify(value)) return false;
    if (Array.isArray(s.enum) && !s.enum.some((e: unknown) => JSON.stringify(e) === JSON.stringify(value)))
      return false;
    const actual = typeOf(value);
    if (s.type !== undefined) {
      const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
      const ok = types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
      if (!ok) return false;
    }
    if (typeof value === 'string') {
      // Lengths in UTF-16 code units, as the service's validation counts them.
      const length = value.length;
      if (typeof s.minLength === 'number' && length < s.minLength) return false;
      if (typeof s.maxLength === 'number' && length > s.maxLength) return false;
      if (typeof s.pattern === 'string' && !new RegExp(s.pattern).test(value)) return false;
      const format = FORMAT_CHECK[s.format as string];
      if (format && !format.test(value)) return false;
      if ((s.format === 'date' || s.format === 'date-time') && format && !validDate(value)) return false;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false;
      if (typeof s.minimum === 'number' && value < s.minimum) return false;
      if (typeof s.maximum === 'number' && value > s.maximum) return false;
      if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return false;
      if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return false;
    }
    if (Array.isArray(value)) {
      if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
      if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
      if (s.items && !value.every((item) => this.accepts(s.items, item))) return false;
    }
    if (actual === 'object') {
      const object = value as Record<string, unknown>;
      const keys = ownKeys(object);
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      for (const required of (s.required ?? []) as string[]) if (!keys.includes(required)) return false;
      if (typeof s.minProperties === 'number' && keys.length < s.minProperties) return false;
      for (const key of keys) {
        if (s.propertyNames && !this.accepts(s.propertyNames, key)) return false;
        if (Object.hasOwn(properties, key)) {
          if (!this.accepts(properties[key]!, object[key])) return false;
        } else if (s.additionalProperties === false) return false;
        else if (
          s.additionalProperties &&
          typeof s.additionalProperties === 'object' &&
          !this.accepts(s.additionalProperties, object[key])
        )
          return false;
      }
    }
    return true;
  }

  // ---- valid values ----

  valid(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const generic = () => this.generic(s);
    const hinted = this.options.hint?.(name, s, generic);
    return hinted ?? generic();
  }

  private generic(s: JsonSchema): fc.Arbitrary<unknown> {
    if (s.const !== undefined) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    const variants = this.variants(s);
    if (variants) return fc.oneof(...variants.map((v) => this.generic(v)));
    if (Array.isArray(s.allOf))
      return this.generic(Object.assign({}, ...s.allOf.map((p: JsonSchema) => this.resolve(p)), { allOf: undefined }));
    if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t: string) => this.generic({ ...s, type: t })));
    const type = s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
    switch (type) {
      case 'string':
        return this.string(s);
      case 'integer':
        return this.integer(s);
      case 'number':
        return this.number(s);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return this.array(s);
      case 'object':
        return this.object(s);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(s: JsonSchema): fc.Arbitrary<string> {
    const min = typeof s.minLength === 'number' ? s.minLength : 0;
    const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
    const fits = (v: string) => v.length >= min && v.length <= max;
    let base: fc.Arbitrary<string>;
    if (s.format === 'uuid') base = fc.uuid({ version: [1, 4, 7] });
    else if (s.format === 'date-time') {
      base = fc
        .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
        .chain((d) =>
          fc.constantFrom(
            d.toISOString(),
            d.toISOString().replace(/\.\d{3}Z$/, 'Z'),
            d.toISOString().replace(/\.\d{3}Z$/, '+02:00'),
          ),
        );
    } else if (s.format === 'date') {
      base = fc
        .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    } else if (s.format === 'email') base = fc.emailAddress();
    else if (typeof s.pattern === 'string')
      base = fc.stringMatching(new RegExp(s.pattern), { maxLength: Math.min(max, 64) });
    else {
      const upper = Math.min(max, Math.max(min, this.maxString));
      const normal = fc.oneof(
        fc.string({ minLength: min, maxLength: upper, unit: 'grapheme-ascii' }),
        fc.string({ minLength: min, maxLength: upper, unit: 'grapheme-composite' }),
      );
      const edges: fc.Arbitrary<string>[] = [];
      if (Number.isFinite(max) && max > upper && max <= 10_000) edges.push(fc.constant('x'.repeat(max)));
      if (min > 0) edges.push(fc.constant('y'.repeat(min)));
      base = edges.length
        ? fc.oneof({ weight: 6, arbitrary: normal }, ...edges.map((arbitrary) => ({ weight: 1, arbitrary })))
        : normal;
    }
    return base.filter(fits);
  }

  private integer(s: JsonSchema): fc.Arbitrary<number> {
    const min = Math.max(
      typeof s.minimum === 'number' ? s.minimum : -(2 ** 31),
      typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -Infinity,
    );
    const max = Math.min(
      typeof s.maximum === 'number' ? s.maximum : 2 ** 31 - 1,
      typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : Infinity,
    );
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    return fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: lo, max: hi }) },
      { weight: 3, arbitrary: fc.integer({ min: lo, max: Math.min(hi, lo + 10) }) },
      { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
    );
  }

  private number(s: JsonSchema): fc.Arbitrary<number> {
    const min = typeof s.minimum === 'number' ? s.minimum : -1e12;
    const max = typeof s.maximum === 'number' ? s.maximum : 1e12;
    const exclusive = (v: number) =>
      (typeof s.exclusiveMinimum !== 'number' || v > s.exclusiveMinimum) &&
      (typeof s.exclusiveMaximum !== 'number' || v < s.exclusiveMaximum);
    return fc
      .oneof(
        { weight: 4, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
        {
          weight: 2,
          arbitrary: fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) }),
        },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
      )
      .filter((v) => exclusive(v) && !Object.is(v, -0));
  }

  private array(s: JsonSchema): fc.Arbitrary<unknown[]> {
    const min = typeof s.minItems === 'number' ? s.minItems : 0;
    const max = typeof s.maxItems === 'number' ? s.maxItems : Infinity;
    const items = s.items ? this.valid(s.items) : fc.jsonValue({ maxDepth: 1 });
    return fc.array(items, { minLength: min, maxLength: Math.min(max, Math.max(min, this.maxItems)) });
  }

  private object(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = ((s.required ?? []) as string[]).filter((r) => Object.hasOwn(properties, r));
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, member] of Object.entries(properties)) model[name] = this.valid(member, name);
    let arbitrary: fc.Arbitrary<Record<string, unknown>> = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<
      Record<string, unknown>
    >;
    const extra = s.additionalProperties;
    if (extra !== undefined && extra !== false) {
      const keys = (
        s.propertyNames ? this.valid(s.propertyNames) : fc.string({ minLength: 1, maxLength: 12 })
      ) as fc.Arbitrary<string>;
      const values =
        extra === true || Object.keys(extra).length === 0 ? fc.jsonValue({ maxDepth: 2 }) : this.valid(extra);
      const more = fc.dictionary(
        keys.filter((k) => !Object.hasOwn(properties, k)),
        values,
        { maxKeys: 3 },
      );
      arbitrary = fc.tuple(arbitrary, more).map(([known, added]) => ({ ...added, ...known }));
    }
    if (typeof s.minProperties === 'number') {
      const least = s.minProperties;
      const names = Object.keys(properties);
      arbitrary = arbitrary.chain((o) =>
        Object.keys(o).length >= least || names.length === 0
          ? fc.constant(o)
          : fc.constantFrom(...names).chain((n) => this.valid(properties[n]!, n).map((v) => ({ ...o, [n]: v }))),
      );
    }
    return arbitrary;
  }

  // ---- refused values ----

  /**
   * Values the schema refuses, each with the mutation that made it: wrong types, missing required members, extra
   * members, numbers and lengths out of range, values outside enums, patterns and formats. Null when the schema
   * accepts anything.
   */
  invalid(schema: JsonSchema): fc.Arbitrary<Mutated> | null {
    const candidates = this.mutations(schema, [], undefined);
    if (candidates.length === 0) return null;
    return fc.oneof(...candidates).filter((m) => !this.accepts(schema, m.value));
  }

  private mutations(schema: JsonSchema, path: string[], lenientKey: string | undefined): fc.Arbitrary<Mutated>[] {
    const s = this.resolve(schema);
    const at = path.join('.') || '(body)';
    const out: fc.Arbitrary<Mutated>[] = [];
    const make = (value: unknown, what: string): Mutated => ({
      value,
      mutation: `${at}: ${what}`,
      ...(lenientKey ? { lenientKey } : {}),
    });
    const constant = (value: unknown, what: string) => out.push(fc.constant(make(value, what)));

    // A value of every JSON type; the validator keeps only the ones this schema refuses.
    const probes: [unknown, string][] = [
      ['fuzz', 'a string'],
      [17.5, 'a fractional number'],
      [-3, 'a negative integer'],
      [true, 'a boolean'],
      [null, 'null'],
      [[1, 'two'], 'an array'],
      [{ fuzz: 1 }, 'an object'],
      ['', 'the empty string'],
    ];
    for (const [value, what] of probes) if (!this.accepts(s, value)) constant(value, `refused value (${what})`);

    const variants = this.variants(s);
    if (variants) return out;
    if (Array.isArray(s.enum) || s.const !== undefined) {
      constant('not-one-of-the-options', 'not in enum');
      return out;
    }
    const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
    if (types.includes('string')) {
      if (typeof s.maxLength === 'number' && s.maxLength < 100_000)
        constant('z'.repeat(s.maxLength + 1), `longer than ${s.maxLength}`);
      if (typeof s.minLength === 'number' && s.minLength > 0)
        constant('z'.repeat(s.minLength - 1), `shorter than ${s.minLength}`);
      if (typeof s.pattern === 'string' || s.format) {
        for (const v of [
          'not-matching !',
          '2026-13-45T25:61:00Z',
          '2026-02-30',
          'abc-def',
          '00000000-0000-0000-0000-00000000000g',
          ' x ',
        ])
          constant(v, `outside pattern/format (${JSON.stringify(v)})`);
      }
    }
    if (types.includes('integer') || types.includes('number')) {
      if (typeof s.minimum === 'number') constant(s.minimum - 1, `below minimum ${s.minimum}`);
      if (typeof s.maximum === 'number') constant(s.maximum + 1, `above maximum ${s.maximum}`);
      if (typeof s.exclusiveMinimum === 'number') constant(s.exclusiveMinimum, `not above ${s.exclusiveMinimum}`);
      if (typeof s.exclusiveMaximum === 'number') constant(s.exclusiveMaximum, `not below ${s.exclusiveMaximum}`);
      if (types.includes('integer') && !types.includes('number')) constant(2.5, 'not an integer');
    }
    if (types.includes('array')) {
      const items = s.items ? this.resolve(s.items) : undefined;
      if (typeof s.minItems === 'number' && s.minItems > 0) {
        out.push(this.array(s).map((a) => make(a.slice(0, s.minItems - 1), `fewer than ${s.minItems} items`)));
      }
      if (typeof s.maxItems === 'number' && s.maxItems <= 600 && items) {
        out.push(
          fc
            .array(this.valid(items), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 })
            .map((a) => make(a, `more than ${s.maxItems} items`)),
        );
      }
      if (items) {
        for (const inner of this.mutations(items, [...path, '0'], lenientKey)) {
          out.push(
            fc.tuple(this.array({ ...s, minItems: 0 }), inner).map(([a, m]) => ({
              ...m,
              value: [m.value, ...a].slice(0, typeof s.maxItems === 'number' ? s.maxItems : undefined),
            })),
          );
        }
      }
    }
    if (types.includes('object')) {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      const whole = this.object(s);
      const whitelist = Array.isArray(s['x-whitelist']);
      for (const name of (s.required ?? []) as string[]) {
        out.push(
          whole.map((o) => {
            const copy = { ...o };
            delete copy[name];
            return make(copy, `required member ${name} missing`);
          }),
        );
      }
      if (s.additionalProperties === false) {
        out.push(
          fc
            .tuple(whole, fc.jsonValue({ maxDepth: 1 }))
            .map(([o, v]) => make({ ...o, fuzzExtraMember: v }, 'extra member fuzzExtraMember')),
        );
      }
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        for (const inner of this.mutations(s.additionalProperties, [...path, 'fuzzExtra'], lenientKey)) {
          out.push(fc.tuple(whole, inner).map(([o, m]) => ({ ...m, value: { ...o, fuzzExtra: m.value } })));
        }
      }
      if (s.propertyNames && !this.accepts(s.propertyNames, '')) {
        out.push(whole.map((o) => make({ ...o, '': 'value' }, 'an empty member name')));
      }
      for (const [name, member] of Object.entries(properties)) {
        for (const inner of this.mutations(member, [...path, name], lenientKey ?? (whitelist ? name : undefined))) {
          out.push(fc.tuple(whole, inner).map(([o, m]) => ({ ...m, value: { ...o, [name]: m.value } })));
        }
      }
    }
    return out;
  }
}
