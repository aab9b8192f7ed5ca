import { readFile } from 'node:fs/promises';
import path from 'node:path';

// A small reader of prisma/schema.prisma. The generated client's runtime data model has no nullability, native
// types, defaults or indexes, so the schema-drift test reads the source file itself. It understands the subset
// of the Prisma schema language this project uses and refuses (throws on) constructs it would otherwise misread.

export const SCHEMA_FILE = path.resolve(process.cwd(), 'prisma/schema.prisma');

/** One `@name(args)` or `@@name(args)` attribute; `args` is the raw text between the parentheses. */
export interface PrismaAttribute {
  name: string;
  args: PrismaArgument[];
}

/** A positional (`name` undefined) or named (`name: value`) attribute argument, its value as raw text. */
export interface PrismaArgument {
  name?: string;
  value: string;
}

export interface PrismaRelation {
  name?: string;
  fields?: string[];
  references?: string[];
  onDelete?: string;
  onUpdate?: string;
  /** `map:` — the foreign key's constraint name. */
  map?: string;
}

export interface PrismaField {
  name: string;
  /** The column name: `@map("...")` or the field name. */
  dbName: string;
  /** The type without `?` / `[]`: a scalar (`String`), an enum or a model name. */
  type: string;
  /** `object` = relation field (its type is a model); it has no column. */
  kind: 'scalar' | 'enum' | 'object';
  optional: boolean;
  list: boolean;
  id: boolean;
  /** `map:` of `@id(map: "...")`. */
  idMap?: string;
  unique: boolean;
  /** `map:` of `@unique(map: "...")`. */
  uniqueMap?: string;
  /** The raw text of the value in `@default(...)`, e.g. `now()`, `"standard"`, `["a", "b"]`, `0`, `LIVE`. */
  default?: string;
  /** `@db.Char(2)` → `{ type: 'Char', args: ['2'] }`. */
  native?: { type: string; args: string[] };
  updatedAt: boolean;
  relation?: PrismaRelation;
  attributes: PrismaAttribute[];
}

/** `@@unique` / `@@index` / `@@id`: `fields` are field names (sort/length arguments dropped). */
export interface PrismaIndex {
  fields: string[];
  /** `name:` — the client-side name of a compound unique/id. */
  name?: string;
  /** `map:` — the database name of the index or constraint. */
  map?: string;
  /** `type:` of `@@index` (BTree, Hash, Gin, ...). */
  type?: string;
}

export interface PrismaModel {
  name: string;
  /** The table name: `@@map("...")` or the model name. */
  dbName: string;
  fields: PrismaField[];
  /** `@@id([...])`, if any (a single-field id is marked on the field). */
  compoundId?: PrismaIndex;
  uniques: PrismaIndex[];
  indexes: PrismaIndex[];
  attributes: PrismaAttribute[];
}

export interface PrismaSchema {
  /** Enum name → values in declaration order. */
  enums: Record<string, string[]>;
  models: Record<string, PrismaModel>;
}

export const SCALAR_TYPES = [
  'String',
  'Boolean',
  'Int',
  'BigInt',
  'Float',
  'Decimal',
  'DateTime',
  'Json',
  'Bytes',
] as const;

export async function readPrismaSchema(file = SCHEMA_FILE): Promise<PrismaSchema> {
  return parsePrismaSchema(await readFile(file, 'utf8'));
}

export function parsePrismaSchema(source: string): PrismaSchema {
  const blocks = splitBlocks(source);
  const enums: Record<string, string[]> = {};
  const models: Record<string, PrismaModel> = {};
  for (const block of blocks) {
    if (block.keyword === 'enum') {
      if (enums[block.name]) throw new Error(`schema.prisma: enum ${block.name} is declared twice`);
      enums[block.name] = parseEnum(block);
    } else if (block.keyword === 'model') {
      if (models[block.name]) throw new Error(`schema.prisma: model ${block.name} is declared twice`);
      models[block.name] = parseModel(block);
    } else if (block.keyword === 'view' || block.keyword === 'type') {
      throw new Error(`schema.prisma: ${block.keyword} blocks are not supported by testing/prisma-schema.ts`);
    }
    // generator and datasource blocks carry no data model.
  }
  for (const model of Object.values(models)) {
    for (const field of model.fields) {
      if (models[field.type]) field.kind = 'object';
      else if (enums[field.type]) field.kind = 'enum';
      else if ((SCALAR_TYPES as readonly string[]).includes(field.type)) field.kind = 'scalar';
      else throw new Error(`schema.prisma: ${model.name}.${field.name} has unknown type ${field.type}`);
      if (field.kind === 'object' && field.native)
        throw new Error(`schema.prisma: relation field ${model.name}.${field.name} has a native type`);
    }
  }
  return { enums, models };
}

/** The fields that are columns (everything except relation fields). */
export function scalarFields(model: PrismaModel): PrismaField[] {
  return model.fields.filter((f) => f.kind !== 'object');
}

/** The relation fields that own a foreign key (they name `fields:` / `references:`). */
export function foreignKeyFields(model: PrismaModel): PrismaField[] {
  return model.fields.filter((f) => f.kind === 'object' && f.relation?.fields?.length);
}

/** The primary key's field names: the `@id` field or `@@id([...])`. */
export function primaryKeyFields(model: PrismaModel): string[] | undefined {
  if (model.compoundId) return model.compoundId.fields;
  const ids = model.fields.filter((f) => f.id);
  return ids.length ? ids.map((f) => f.name) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Lexical helpers

interface Block {
  keyword: string;
  name: string;
  /** Logical lines of the body: comments removed, trimmed, multi-line argument lists joined. */
  lines: string[];
}

/**
 * The positions in `text`, from `from` on, that stand outside string literals (the quotes themselves and what
 * they enclose are skipped; a backslash escapes the next character inside a string), for scanning Prisma source.
 */
function* outsideStrings(text: string, from = 0): Generator<number> {
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else yield i;
  }
}

/** Removes a `//` or `///` comment, leaving `//` inside string literals alone. */
export function stripComment(line: string): string {
  for (const i of outsideStrings(line)) if (line[i] === '/' && line[i + 1] === '/') return line.slice(0, i);
  return line;
}

/** Net bracket depth change of a line, ignoring brackets inside strings. */
function depthChange(line: string): number {
  let depth = 0;
  for (const i of outsideStrings(line)) {
    const c = line[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
  }
  return depth;
}

function splitBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  let pending = '';
  let depth = 0;
  const lines = source.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = stripComment(lines[n]).trim();
    if (!line && !pending) continue;
    if (!current) {
      const m = /^(\w+)\s+(\w+)\s*\{$/.exec(line);
      if (!m) throw new Error(`schema.prisma line ${n + 1}: expected a block header, found "${line}"`);
      current = { keyword: m[1], name: m[2], lines: [] };
      continue;
    }
    if (!pending && line === '}') {
      blocks.push(current);
      current = undefined;
      continue;
    }
    pending = pending ? `${pending} ${line}` : line;
    depth += depthChange(line);
    if (depth > 0) continue; // an argument list continues on the next line
    if (pending) current.lines.push(pending);
    pending = '';
    depth = 0;
  }
  if (current) throw new Error(`schema.prisma: block ${current.keyword} ${current.name} is not closed`);
  return blocks;
}

/** Splits on `sep` at bracket depth 0, outside strings; trims the parts and drops empty ones. */
export function splitTopLevel(text: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (const i of outsideStrings(text)) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** Parses the attributes `@a @b(x) @@c([y], map: "z") @db.Char(2)` of a field or block line. */
export function parseAttributes(text: string): PrismaAttribute[] {
  const attributes: PrismaAttribute[] = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i])) {
      i++;
      continue;
    }
    const m = /^@@?[A-Za-z_][\w.]*/.exec(text.slice(i));
    if (!m) throw new Error(`schema.prisma: cannot read attributes at "${text.slice(i)}"`);
    const name = m[0];
    i += name.length;
    let args: PrismaArgument[] = [];
    if (text[i] === '(') {
      const end = matchingParen(text, i);
      args = parseArguments(text.slice(i + 1, end));
      i = end + 1;
    }
    attributes.push({ name, args });
  }
  return attributes;
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (const i of outsideStrings(text, open)) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error(`schema.prisma: unbalanced parentheses in "${text}"`);
}

function parseArguments(text: string): PrismaArgument[] {
  return splitTopLevel(text).map((part) => {
    const m = /^([A-Za-z_]\w*)\s*:\s*([\s\S]+)$/.exec(part);
    return m ? { name: m[1], value: m[2].trim() } : { value: part };
  });
}

/** `"abc"` → `abc` (Prisma strings use JSON escapes). */
export function unquote(value: string): string {
  if (!/^"(?:[^"\\]|\\.)*"$/.test(value)) throw new Error(`schema.prisma: expected a string literal, found ${value}`);
  return JSON.parse(value) as string;
}

/** `[a, b(sort: Desc)]` → `['a', 'b']`. */
export function parseFieldList(value: string): string[] {
  const v = value.trim();
  if (!v.startsWith('[') || !v.endsWith(']')) throw new Error(`schema.prisma: expected a list, found ${value}`);
  return splitTopLevel(v.slice(1, -1)).map((item) => item.replace(/\(.*\)$/s, '').trim());
}

function named(attr: PrismaAttribute, name: string): string | undefined {
  return attr.args.find((a) => a.name === name)?.value;
}

function positional(attr: PrismaAttribute, index = 0): string | undefined {
  return attr.args.filter((a) => a.name === undefined)[index]?.value;
}

// ---------------------------------------------------------------------------------------------------------
// Blocks

function parseEnum(block: Block): string[] {
  const values: string[] = [];
  for (const line of block.lines) {
    if (line.startsWith('@@'))
      throw new Error(`schema.prisma: enum ${block.name}: block attribute ${line} is not supported`);
    const m = /^([A-Za-z_]\w*)\s*(.*)$/.exec(line);
    if (!m) throw new Error(`schema.prisma: enum ${block.name}: cannot read "${line}"`);
    if (m[2]) throw new Error(`schema.prisma: enum ${block.name}: attributes on values (${m[2]}) are not supported`);
    values.push(m[1]);
  }
  return values;
}

const FIELD_LINE = /^([A-Za-z_]\w*)\s+([A-Za-z_]\w*)(\[\])?(\?)?(?:\s+(.*))?$/;

function parseModel(block: Block): PrismaModel {
  const model: PrismaModel = {
    name: block.name,
    dbName: block.name,
    fields: [],
    uniques: [],
    indexes: [],
    attributes: [],
  };
  for (const line of block.lines) {
    if (line.startsWith('@@')) {
      for (const attr of parseAttributes(line)) applyBlockAttribute(model, attr);
      continue;
    }
    const m = FIELD_LINE.exec(line);
    if (!m) throw new Error(`schema.prisma: model ${block.name}: cannot read field "${line}"`);
    const [, name, type, list, optional, rest] = m;
    if (list && optional) throw new Error(`schema.prisma: ${block.name}.${name}: optional lists are not valid Prisma`);
    const f: PrismaField = {
      name,
      dbName: name,
      type,
      kind: 'scalar',
      optional: Boolean(optional),
      list: Boolean(list),
      id: false,
      unique: false,
      updatedAt: false,
      attributes: rest ? parseAttributes(rest) : [],
    };
    for (const attr of f.attributes) applyFieldAttribute(model, f, attr);
    if (model.fields.some((x) => x.name === name))
      throw new Error(`schema.prisma: ${block.name}.${name} is declared twice`);
    model.fields.push(f);
  }
  return model;
}

function applyFieldAttribute(model: PrismaModel, f: PrismaField, attr: PrismaAttribute): void {
  const where = `${model.name}.${f.name}`;
  if (attr.name.startsWith('@db.')) {
    f.native = { type: attr.name.slice(4), args: attr.args.map((a) => a.value) };
    return;
  }
  switch (attr.name) {
    case '@id':
      f.id = true;
      f.idMap = mapOf(attr);
      return;
    case '@unique':
      f.unique = true;
      f.uniqueMap = mapOf(attr);
      return;
    case '@default': {
      const value = positional(attr);
      if (value === undefined) throw new Error(`schema.prisma: ${where}: @default without a value`);
      f.default = value;
      if (named(attr, 'map')) throw new Error(`schema.prisma: ${where}: @default(map: ...) is not supported`);
      return;
    }
    case '@updatedAt':
      f.updatedAt = true;
      return;
    case '@map':
      f.dbName = unquote(positional(attr) ?? named(attr, 'name') ?? '');
      return;
    case '@relation': {
      const name = positional(attr) ?? named(attr, 'name');
      const fields = named(attr, 'fields');
      const references = named(attr, 'references');
      const map = named(attr, 'map');
      f.relation = {
        name: name === undefined ? undefined : unquote(name),
        fields: fields === undefined ? undefined : parseFieldList(fields),
        references: references === undefined ? undefined : parseFieldList(references),
        onDelete: named(attr, 'onDelete'),
        onUpdate: named(attr, 'onUpdate'),
        map: map === undefined ? undefined : unquote(map),
      };
      return;
    }
    case '@ignore':
      throw new Error(`schema.prisma: ${where}: @ignore is not supported`);
    default:
      throw new Error(`schema.prisma: ${where}: attribute ${attr.name} is not supported by testing/prisma-schema.ts`);
  }
}

function mapOf(attr: PrismaAttribute): string | undefined {
  const map = named(attr, 'map');
  return map === undefined ? undefined : unquote(map);
}

function indexOf(model: PrismaModel, attr: PrismaAttribute): PrismaIndex {
  const fields = positional(attr) ?? named(attr, 'fields');
  if (fields === undefined) throw new Error(`schema.prisma: ${model.name}: ${attr.name} without fields`);
  const name = named(attr, 'name');
  const type = named(attr, 'type');
  return {
    fields: parseFieldList(fields),
    name: name === undefined ? undefined : unquote(name),
    map: mapOf(attr),
    type,
  };
}

function applyBlockAttribute(model: PrismaModel, attr: PrismaAttribute): void {
  model.attributes.push(attr);
  switch (attr.name) {
    case '@@id':
      model.compoundId = indexOf(model, attr);
      return;
    case '@@unique':
      model.uniques.push(indexOf(model, attr));
      return;
    case '@@index':
      model.indexes.push(indexOf(model, attr));
      return;
    case '@@map':
      model.dbName = unquote(positional(attr) ?? named(attr, 'name') ?? '');
      return;
    default:
      throw new Error(
        `schema.prisma: model ${model.name}: block attribute ${attr.name} is not supported by testing/prisma-schema.ts`,
      );
  }
}
