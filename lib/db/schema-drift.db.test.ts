import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foreignKeyFields,
  type PrismaField,
  type PrismaModel,
  type PrismaSchema,
  primaryKeyFields,
  readPrismaSchema,
  scalarFields,
  splitTopLevel,
  unquote,
} from '../../testing/prisma-schema';
import { createDatabaseIfMissing, dropDatabase, withDatabase } from './embedded';
import { $Enums, Prisma } from './generated/browser';
import { migrate } from './migrate';

// The migrated database must be exactly what `prisma migrate` would build from prisma/schema.prisma: the SQL
// migrations are hand-written (Prisma's schema engine cannot be downloaded here), so this test is what keeps
// them honest. Every check compares in both directions and collects all differences into one readable list.

// ---------------------------------------------------------------------------------------------------------
// What the database holds

interface DbColumn {
  table: string;
  column: string;
  /** format_type(): `text`, `character(2)`, `timestamp(3) without time zone`, `"Mode"`, `text[]`, ... */
  type: string;
  /** pg_type.typname, as information_schema.columns.udt_name: `text`, `bpchar`, `_text`, `Mode`, ... */
  udt: string;
  nullable: boolean;
  default: string | null;
  identity: string;
  generated: string;
}

interface DbIndex {
  table: string;
  name: string;
  columns: string[];
  unique: boolean;
  primary: boolean;
  method: string;
  predicate: string | null;
  hasExpressions: boolean;
  includeColumns: number;
  descending: boolean;
}

interface DbForeignKey {
  table: string;
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
  deferrable: boolean;
}

interface DbSnapshot {
  relations: { name: string; kind: string }[];
  enums: Map<string, string[]>;
  columns: DbColumn[];
  indexes: DbIndex[];
  foreignKeys: DbForeignKey[];
  otherConstraints: { table: string; name: string; type: string }[];
}

const BOOKKEEPING_TABLE = '_prisma_migrations';

async function introspect(client: pg.Client): Promise<DbSnapshot> {
  const relations = await client.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind::text AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`,
  );
  const enums = await client.query<{ name: string; labels: string[] }>(
    `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder)::text[] AS labels
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE n.nspname = current_schema()
      GROUP BY t.typname`,
  );
  const columns = await client.query<DbColumn>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
            t.typname AS udt, NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default,
            a.attidentity::text AS identity, a.attgenerated::text AS generated
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const indexes = await client.query<DbIndex>(
    `SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique, ix.indisprimary AS primary,
            am.amname AS method, pg_get_expr(ix.indpred, ix.indrelid) AS predicate,
            ix.indexprs IS NOT NULL AS "hasExpressions", ix.indnatts - ix.indnkeyatts AS "includeColumns",
            EXISTS (SELECT 1 FROM unnest(ix.indoption::int2[]) o WHERE o & 1 = 1) AS descending,
            ARRAY(SELECT a.attname::text
                    FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
                   WHERE k.ord <= ix.indnkeyatts
                   ORDER BY k.ord) AS columns
       FROM pg_index ix
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_am am ON am.oid = i.relam
      WHERE n.nspname = current_schema()`,
  );
  const foreignKeys = await client.query<DbForeignKey>(
    `SELECT t.relname AS table, con.conname AS name, r.relname AS "refTable",
            con.confdeltype::text AS "onDelete", con.confupdtype::text AS "onUpdate", con.condeferrable AS deferrable,
            ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS "refColumns"
       FROM pg_constraint con
       JOIN pg_class t ON t.oid = con.conrelid
       JOIN pg_class r ON r.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND con.contype = 'f'`,
  );
  // Prisma creates no CHECK or EXCLUDE constraints nor constraint triggers; unique constraints and primary keys
  // are compared through their indexes, NOT NULL (a pg_constraint row since PostgreSQL 18) through the columns.
  const otherConstraints = await client.query<{ table: string; name: string; type: string }>(
    `SELECT t.relname AS table, con.conname AS name, con.contype::text AS type
       FROM pg_constraint con
       JOIN pg_class t ON t.oid = con.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND con.contype IN ('c', 'x', 't')`,
  );
  return {
    relations: relations.rows,
    enums: new Map(enums.rows.map((r) => [r.name, r.labels])),
    columns: columns.rows,
    indexes: indexes.rows,
    foreignKeys: foreignKeys.rows,
    otherConstraints: otherConstraints.rows,
  };
}

// ---------------------------------------------------------------------------------------------------------
// What schema.prisma asks for, as Prisma's PostgreSQL connector would create it

/** [format_type(), udt_name] of Prisma's default column type for each scalar. */
const PRISMA_TYPES: Record<string, [string, string]> = {
  String: ['text', 'text'],
  Int: ['integer', 'int4'],
  BigInt: ['bigint', 'int8'],
  Float: ['double precision', 'float8'],
  Decimal: ['numeric(65,30)', 'numeric'],
  Boolean: ['boolean', 'bool'],
  DateTime: ['timestamp(3) without time zone', 'timestamp'],
  Json: ['jsonb', 'jsonb'],
  Bytes: ['bytea', 'bytea'],
};

function withArgs(base: string, args: string[]): string {
  return args.length ? `${base}(${args.join(',')})` : base;
}

/** [format_type(), udt_name] of an `@db.X(args)` native type. */
function nativeType(native: { type: string; args: string[] }): [string, string] {
  const a = native.args;
  const precision = a.length ? `(${a[0]})` : '';
  switch (native.type) {
    case 'Text':
      return ['text', 'text'];
    case 'Uuid':
      return ['uuid', 'uuid'];
    case 'Char':
      return [`character(${a[0] ?? 1})`, 'bpchar'];
    case 'VarChar':
      return [withArgs('character varying', a), 'varchar'];
    case 'Xml':
      return ['xml', 'xml'];
    case 'Inet':
      return ['inet', 'inet'];
    case 'Citext':
      return ['citext', 'citext'];
    case 'Bit':
      return [`bit(${a[0] ?? 1})`, 'bit'];
    case 'VarBit':
      return [withArgs('bit varying', a), 'varbit'];
    case 'Integer':
      return ['integer', 'int4'];
    case 'SmallInt':
      return ['smallint', 'int2'];
    case 'Oid':
      return ['oid', 'oid'];
    case 'BigInt':
      return ['bigint', 'int8'];
    case 'DoublePrecision':
      return ['double precision', 'float8'];
    case 'Real':
      return ['real', 'float4'];
    case 'Decimal':
      return [withArgs('numeric', a), 'numeric'];
    case 'Money':
      return ['money', 'money'];
    case 'Timestamp':
      return [`timestamp${precision} without time zone`, 'timestamp'];
    case 'Timestamptz':
      return [`timestamp${precision} with time zone`, 'timestamptz'];
    case 'Date':
      return ['date', 'date'];
    case 'Time':
      return [`time${precision} without time zone`, 'time'];
    case 'Timetz':
      return [`time${precision} with time zone`, 'timetz'];
    case 'Json':
      return ['json', 'json'];
    case 'JsonB':
      return ['jsonb', 'jsonb'];
    case 'ByteA':
      return ['bytea', 'bytea'];
    case 'Boolean':
      return ['boolean', 'bool'];
    default:
      throw new Error(`@db.${native.type} is not known to the schema-drift test; add it to nativeType()`);
  }
}

/** How format_type() writes a type name: unquoted only if it is a plain lower-case identifier. */
function typeIdent(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

function elementType(f: PrismaField): [string, string] {
  if (f.kind === 'enum') return [typeIdent(f.type), f.type];
  if (f.native) return nativeType(f.native);
  const t = PRISMA_TYPES[f.type];
  if (!t) throw new Error(`${f.type} has no PostgreSQL mapping in the schema-drift test`);
  return t;
}

function expectedColumnType(f: PrismaField): { type: string; udt: string } {
  const [type, udt] = elementType(f);
  return f.list ? { type: `${type}[]`, udt: `_${udt}` } : { type, udt };
}

type DefaultExpectation =
  | { kind: 'none'; why: string }
  | { kind: 'now' }
  | { kind: 'autoincrement' }
  | { kind: 'dbgenerated' }
  /** `sql` evaluates to the value Prisma's DEFAULT would produce. */
  | { kind: 'literal'; sql: string };

function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function scalarLiteralSql(raw: string, f: PrismaField, schema: PrismaSchema): string {
  if (raw.startsWith('"')) {
    const value = unquote(raw);
    return f.type === 'Bytes' ? `decode(${sqlString(value)}, 'base64')` : sqlString(value);
  }
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) return sqlString(raw);
  if (raw === 'true' || raw === 'false') return raw;
  if (f.kind === 'enum') {
    if (!schema.enums[f.type]?.includes(raw)) throw new Error(`@default(${raw}) is not a value of enum ${f.type}`);
    return sqlString(raw);
  }
  throw new Error(`cannot read @default value ${raw}`);
}

function expectedDefault(f: PrismaField, schema: PrismaSchema): DefaultExpectation {
  const d = f.default;
  if (d === undefined) return { kind: 'none', why: f.updatedAt ? '@updatedAt is set by the client' : 'no @default' };
  if (/^(uuid|cuid|nanoid|ulid)\(.*\)$/s.test(d))
    return { kind: 'none', why: `@default(${d}) is generated by the client` };
  if (d === 'now()') return { kind: 'now' };
  if (d === 'autoincrement()') return { kind: 'autoincrement' };
  if (/^dbgenerated\(.*\)$/s.test(d)) return { kind: 'dbgenerated' };
  if (/^\w+\(/.test(d)) throw new Error(`@default(${d}) is not known to the schema-drift test`);
  const [element] = elementType(f);
  if (f.list) {
    if (!d.startsWith('[') || !d.endsWith(']')) throw new Error(`@default(${d}) of a list must be a list`);
    const items = splitTopLevel(d.slice(1, -1));
    if (!items.length) return { kind: 'literal', sql: `CAST('{}' AS ${element}[])` };
    return {
      kind: 'literal',
      sql: `ARRAY[${items.map((i) => `CAST(${scalarLiteralSql(i, f, schema)} AS ${element})`).join(', ')}]`,
    };
  }
  return { kind: 'literal', sql: `CAST(${scalarLiteralSql(d, f, schema)} AS ${element})` };
}

const REFERENTIAL_ACTIONS: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};
const PRISMA_ACTIONS: Record<string, string> = {
  NoAction: 'NO ACTION',
  Restrict: 'RESTRICT',
  Cascade: 'CASCADE',
  SetNull: 'SET NULL',
  SetDefault: 'SET DEFAULT',
};

const POSTGRES_NAME_LIMIT = 63;

/** Prisma's default constraint/index names; PostgreSQL truncates longer ones, so those are not compared. */
function defaultName(table: string, columns: string[], suffix: string): string | undefined {
  const name = `${table}_${columns.join('_')}_${suffix}`;
  return name.length <= POSTGRES_NAME_LIMIT ? name : undefined;
}

function columnOf(model: PrismaModel, fieldName: string): string {
  const f = model.fields.find((x) => x.name === fieldName);
  if (!f) throw new Error(`${model.name} has no field ${fieldName}`);
  return f.dbName;
}

// ---------------------------------------------------------------------------------------------------------
// Comparison

/** Compares keyed descriptions both ways; every difference is one sentence naming the object. */
class Differences {
  readonly list: string[] = [];
  add(message: string): void {
    this.list.push(message);
  }
  compare(what: string, expected: Map<string, string>, actual: Map<string, string>): void {
    for (const [key, want] of expected) {
      const has = actual.get(key);
      if (has === undefined) this.add(`${what} ${key}: missing from the database (schema.prisma wants ${want})`);
      else if (has !== want) this.add(`${what} ${key}: database has ${has}, schema.prisma wants ${want}`);
    }
    for (const [key, has] of actual) {
      if (!expected.has(key)) this.add(`${what} ${key}: in the database but not in schema.prisma (${has})`);
    }
  }
}

/** A map that reports a key seen twice (e.g. two identical indexes) instead of silently keeping one. */
function keyed<T>(
  items: T[],
  key: (t: T) => string,
  describeItem: (t: T) => string,
  diff: Differences,
  what: string,
): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of items) {
    const k = key(item);
    if (map.has(k)) diff.add(`${what} ${k}: defined twice in the database (${map.get(k)}; ${describeItem(item)})`);
    else map.set(k, describeItem(item));
  }
  return map;
}

function modelTables(schema: PrismaSchema): Map<string, PrismaModel> {
  return new Map(Object.values(schema.models).map((m) => [m.dbName, m]));
}

function isSchemaTable(name: string, schema: PrismaSchema): boolean {
  return name !== BOOKKEEPING_TABLE && modelTables(schema).has(name);
}

function compareTables(schema: PrismaSchema, db: DbSnapshot): string[] {
  const diff = new Differences();
  const expected = new Map([...modelTables(schema).keys()].map((t) => [t, 'table']));
  const actual = keyed(
    db.relations.filter((r) => r.name !== BOOKKEEPING_TABLE),
    (r) => r.name,
    (r) =>
      ({ r: 'table', p: 'partitioned table', v: 'view', m: 'materialized view', f: 'foreign table' })[r.kind] ?? r.kind,
    diff,
    'relation',
  );
  diff.compare('relation', expected, actual);
  if (!db.relations.some((r) => r.name === BOOKKEEPING_TABLE && r.kind === 'r')) {
    diff.add(`relation ${BOOKKEEPING_TABLE}: missing (the database was not migrated by lib/db/migrate.ts?)`);
  }
  return diff.list;
}

function compareEnums(schema: PrismaSchema, db: DbSnapshot): string[] {
  const diff = new Differences();
  const expected = new Map(Object.entries(schema.enums).map(([name, values]) => [name, `(${values.join(', ')})`]));
  const actual = new Map([...db.enums].map(([name, labels]) => [name, `(${labels.join(', ')})`]));
  diff.compare('enum', expected, actual);
  return diff.list;
}

function describeColumn(type: string, udt: string, nullable: boolean): string {
  return `${type} [udt ${udt}] ${nullable ? 'NULL' : 'NOT NULL'}`;
}

function compareColumns(schema: PrismaSchema, db: DbSnapshot): string[] {
  const diff = new Differences();
  const expected = new Map<string, string>();
  for (const model of Object.values(schema.models)) {
    for (const f of scalarFields(model)) {
      let type: { type: string; udt: string };
      try {
        type = expectedColumnType(f);
      } catch (err) {
        diff.add(`column ${model.dbName}.${f.dbName}: ${(err as Error).message}`);
        continue;
      }
      // Prisma creates scalar lists without NOT NULL (`TEXT[]`), even though `String[]` is required in the client.
      const nullable = f.optional || f.list;
      expected.set(`${model.dbName}.${f.dbName}`, describeColumn(type.type, type.udt, nullable));
    }
  }
  const columns = db.columns.filter((c) => isSchemaTable(c.table, schema));
  const actual = keyed(
    columns,
    (c) => `${c.table}.${c.column}`,
    (c) => describeColumn(c.type, c.udt, c.nullable),
    diff,
    'column',
  );
  diff.compare('column', expected, actual);
  for (const c of columns) {
    if (c.identity) diff.add(`column ${c.table}.${c.column}: is an identity column; Prisma never creates one`);
    if (c.generated) diff.add(`column ${c.table}.${c.column}: is a generated column; Prisma never creates one`);
  }
  return diff.list;
}

async function compareDefaults(schema: PrismaSchema, db: DbSnapshot, client: pg.Client): Promise<string[]> {
  const diff = new Differences();
  const actual = new Map(db.columns.map((c) => [`${c.table}.${c.column}`, c]));
  for (const model of Object.values(schema.models)) {
    for (const f of scalarFields(model)) {
      const key = `${model.dbName}.${f.dbName}`;
      const column = actual.get(key);
      if (!column) continue; // reported by the column comparison
      let want: DefaultExpectation;
      try {
        want = expectedDefault(f, schema);
      } catch (err) {
        diff.add(`default of ${key}: ${(err as Error).message}`);
        continue;
      }
      const has = column.default;
      switch (want.kind) {
        case 'none':
          if (has !== null)
            diff.add(`default of ${key}: database has DEFAULT ${has}, schema.prisma wants none (${want.why})`);
          break;
        case 'now':
          if (has !== 'CURRENT_TIMESTAMP')
            diff.add(
              `default of ${key}: database has ${has === null ? 'none' : `DEFAULT ${has}`}, schema.prisma wants DEFAULT CURRENT_TIMESTAMP (@default(now()))`,
            );
          break;
        case 'autoincrement':
          if (!has?.startsWith('nextval('))
            diff.add(
              `default of ${key}: database has ${has ?? 'none'}, schema.prisma wants a sequence (@default(autoincrement()))`,
            );
          break;
        case 'dbgenerated':
          if (has === null) diff.add(`default of ${key}: missing, schema.prisma wants @default(${f.default})`);
          break;
        case 'literal': {
          if (has === null) {
            diff.add(`default of ${key}: missing, schema.prisma wants @default(${f.default})`);
            break;
          }
          // Evaluate both as the column's type so equal values compare equal however they are spelt.
          const { rows } = await client.query<{ has: string | null; want: string | null }>(
            `SELECT CAST((${has}) AS ${column.type})::text AS has, CAST((${want.sql}) AS ${column.type})::text AS want`,
          );
          if (rows[0].has !== rows[0].want) {
            diff.add(
              `default of ${key}: database has DEFAULT ${has} (= ${rows[0].has}), schema.prisma wants @default(${f.default}) (= ${rows[0].want})`,
            );
          }
          break;
        }
      }
    }
  }
  return diff.list;
}

function describeIndex(ix: {
  name?: string;
  method: string;
  predicate?: string | null;
  hasExpressions?: boolean;
  includeColumns?: number;
  descending?: boolean;
}): string {
  let s = `${ix.name ?? '(any name)'} using ${ix.method}`;
  if (ix.predicate) s += ` WHERE ${ix.predicate}`;
  if (ix.hasExpressions) s += ' with expressions';
  if (ix.includeColumns) s += ` INCLUDE ${ix.includeColumns} columns`;
  if (ix.descending) s += ' with DESC columns';
  return s;
}

function compareIndexes(schema: PrismaSchema, db: DbSnapshot, kind: 'primary' | 'unique' | 'index'): string[] {
  const diff = new Differences();
  const expected = new Map<string, { name?: string; method: string }>();
  for (const model of Object.values(schema.models)) {
    const t = model.dbName;
    if (kind === 'primary') {
      const fields = primaryKeyFields(model);
      if (!fields) continue;
      const cols = fields.map((f) => columnOf(model, f));
      const map = model.compoundId?.map ?? model.fields.find((f) => f.id)?.idMap;
      expected.set(`${t}(${cols.join(', ')})`, { name: map ?? `${t}_pkey`, method: 'btree' });
    } else if (kind === 'unique') {
      for (const f of model.fields.filter((x) => x.unique)) {
        expected.set(`${t}(${f.dbName})`, { name: f.uniqueMap ?? defaultName(t, [f.dbName], 'key'), method: 'btree' });
      }
      for (const u of model.uniques) {
        const cols = u.fields.map((f) => columnOf(model, f));
        expected.set(`${t}(${cols.join(', ')})`, { name: u.map ?? defaultName(t, cols, 'key'), method: 'btree' });
      }
    } else {
      for (const ix of model.indexes) {
        const cols = ix.fields.map((f) => columnOf(model, f));
        expected.set(`${t}(${cols.join(', ')})`, {
          name: ix.map ?? defaultName(t, cols, 'idx'),
          method: (ix.type ?? 'BTree').toLowerCase(),
        });
      }
    }
  }
  const label = kind === 'primary' ? 'primary key' : kind === 'unique' ? 'unique index' : 'index';
  const relevant = db.indexes.filter(
    (ix) =>
      isSchemaTable(ix.table, schema) &&
      (kind === 'primary' ? ix.primary : kind === 'unique' ? ix.unique && !ix.primary : !ix.unique),
  );
  const actual = keyed(
    relevant,
    (ix) => `${ix.table}(${ix.columns.join(', ')})`,
    (ix) => {
      const want = expected.get(`${ix.table}(${ix.columns.join(', ')})`);
      // Where Prisma's default name would exceed PostgreSQL's 63 characters, the name is not compared.
      return describeIndex({ ...ix, name: want && want.name === undefined ? undefined : ix.name });
    },
    diff,
    label,
  );
  const expectedDescriptions = new Map([...expected].map(([k, v]) => [k, describeIndex(v)]));
  diff.compare(label, expectedDescriptions, actual);
  return diff.list;
}

function describeForeignKey(fk: {
  name?: string;
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
  deferrable?: boolean;
}): string {
  return `${fk.name ?? '(any name)'} REFERENCES ${fk.refTable}(${fk.refColumns.join(', ')}) ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate}${fk.deferrable ? ' DEFERRABLE' : ''}`;
}

function compareForeignKeys(schema: PrismaSchema, db: DbSnapshot): string[] {
  const diff = new Differences();
  const expected = new Map<string, string>();
  const hasName = new Map<string, boolean>();
  for (const model of Object.values(schema.models)) {
    for (const f of foreignKeyFields(model)) {
      const rel = f.relation!;
      const target = schema.models[f.type];
      const cols = rel.fields!.map((x) => columnOf(model, x));
      const refCols = (rel.references ?? []).map((x) => columnOf(target, x));
      // Prisma's defaults: a required relation restricts deletes, an optional one sets null; updates cascade.
      const onDelete = rel.onDelete ?? (f.optional ? 'SetNull' : 'Restrict');
      const onUpdate = rel.onUpdate ?? 'Cascade';
      const key = `${model.dbName}(${cols.join(', ')})`;
      const name = rel.map ?? defaultName(model.dbName, cols, 'fkey');
      hasName.set(key, name !== undefined);
      const referentialAction = (action: string, what: string) => {
        const sql = PRISMA_ACTIONS[action];
        if (!sql) diff.add(`foreign key ${key}: unknown ${what} action ${action} in schema.prisma`);
        return sql ?? action;
      };
      expected.set(
        key,
        describeForeignKey({
          name,
          refTable: target.dbName,
          refColumns: refCols,
          onDelete: referentialAction(onDelete, 'onDelete'),
          onUpdate: referentialAction(onUpdate, 'onUpdate'),
        }),
      );
    }
  }
  const actual = keyed(
    db.foreignKeys.filter((fk) => isSchemaTable(fk.table, schema)),
    (fk) => `${fk.table}(${fk.columns.join(', ')})`,
    (fk) =>
      describeForeignKey({
        ...fk,
        name: hasName.get(`${fk.table}(${fk.columns.join(', ')})`) === false ? undefined : fk.name,
        onDelete: REFERENTIAL_ACTIONS[fk.onDelete] ?? fk.onDelete,
        onUpdate: REFERENTIAL_ACTIONS[fk.onUpdate] ?? fk.onUpdate,
      }),
    diff,
    'foreign key',
  );
  diff.compare('foreign key', expected, actual);
  return diff.list;
}

function compareOtherConstraints(schema: PrismaSchema, db: DbSnapshot): string[] {
  const kinds: Record<string, string> = { c: 'CHECK', x: 'EXCLUDE', t: 'constraint trigger' };
  return db.otherConstraints
    .filter((c) => isSchemaTable(c.table, schema))
    .map(
      (c) =>
        `constraint ${c.table}.${c.name}: ${kinds[c.type] ?? c.type} constraint in the database, which schema.prisma cannot express`,
    );
}

async function allDifferences(schema: PrismaSchema, db: DbSnapshot, client: pg.Client): Promise<string[]> {
  return [
    ...compareTables(schema, db),
    ...compareEnums(schema, db),
    ...compareColumns(schema, db),
    ...(await compareDefaults(schema, db, client)),
    ...compareIndexes(schema, db, 'primary'),
    ...compareIndexes(schema, db, 'unique'),
    ...compareIndexes(schema, db, 'index'),
    ...compareForeignKeys(schema, db),
    ...compareOtherConstraints(schema, db),
  ];
}

// ---------------------------------------------------------------------------------------------------------

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is not set: run through vitest (its globalSetup creates a migrated database)');
  return url;
}

describe('the migrated database matches prisma/schema.prisma', () => {
  let schema: PrismaSchema;
  let client: pg.Client;
  let db: DbSnapshot;

  beforeAll(async () => {
    schema = await readPrismaSchema();
    client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    db = await introspect(client);
  });

  afterAll(async () => {
    await client?.end();
  });

  it('reads the same models, scalar fields and enum values from schema.prisma as the generated client has', () => {
    const namespace = Prisma as unknown as Record<string, Record<string, string>>;
    const fromClient = Object.values(Prisma.ModelName).map(
      (model) => `${model}: ${Object.values(namespace[`${model}ScalarFieldEnum`]).join(', ')}`,
    );
    const fromParser = Object.values(schema.models).map(
      (m) =>
        `${m.name}: ${scalarFields(m)
          .map((f) => f.name)
          .join(', ')}`,
    );
    expect(fromParser).toEqual(fromClient);
    const clientEnums = Object.fromEntries(
      Object.entries($Enums).map(([name, values]) => [name, Object.values(values)]),
    );
    expect(schema.enums).toEqual(clientEnums);
  });

  it('has a table for every model and no other table or view (besides _prisma_migrations)', () => {
    expect(compareTables(schema, db)).toEqual([]);
  });

  it('has every enum with exactly the values of schema.prisma, in order, and no other enum', () => {
    expect(compareEnums(schema, db)).toEqual([]);
  });

  it('has every column with Prisma’s type and nullability, and no other column', () => {
    expect(compareColumns(schema, db)).toEqual([]);
  });

  it('has Prisma’s defaults: CURRENT_TIMESTAMP for now(), the literal value for literals, none for uuid() and @updatedAt', async () => {
    expect(await compareDefaults(schema, db, client)).toEqual([]);
  });

  it('has the primary key of every @id / @@id', () => {
    expect(compareIndexes(schema, db, 'primary')).toEqual([]);
  });

  it('has a unique index for every @unique and @@unique over exactly those columns in order, and no other', () => {
    expect(compareIndexes(schema, db, 'unique')).toEqual([]);
  });

  it('has a non-unique index for every @@index over exactly those columns in order, and no other', () => {
    expect(compareIndexes(schema, db, 'index')).toEqual([]);
  });

  it('has a foreign key for every relation with its ON DELETE / ON UPDATE actions, and no other', () => {
    expect(compareForeignKeys(schema, db)).toEqual([]);
  });

  it('has no CHECK/EXCLUDE constraints or constraint triggers that schema.prisma cannot express', () => {
    expect(compareOtherConstraints(schema, db)).toEqual([]);
  });
});

describe('the drift check itself', () => {
  const adminUrl = () => withDatabase(databaseUrl(), 'postgres');
  const name = `bps_drift_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let client: pg.Client | undefined;

  afterAll(async () => {
    await client?.end();
    await dropDatabase(adminUrl(), name);
  });

  it('reports each kind of drift in a deliberately altered copy of the database', async () => {
    await createDatabaseIfMissing(adminUrl(), name);
    const url = withDatabase(databaseUrl(), name);
    await migrate(url);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const schema = await readPrismaSchema();
    expect(await allDifferences(schema, await introspect(client), client)).toEqual([]);

    await client.query(`
      CREATE TABLE "Stray" ("id" INTEGER);
      ALTER TYPE "Mode" ADD VALUE 'SANDBOX';
      ALTER TABLE "Company" ALTER COLUMN "name" DROP NOT NULL;
      ALTER TABLE "Company" ADD COLUMN "extra" TEXT;
      ALTER TABLE "Company" ALTER COLUMN "plan" SET DEFAULT 'premium';
      ALTER TABLE "Company" ALTER COLUMN "createdAt" SET DEFAULT now();
      ALTER TABLE "Company" ALTER COLUMN "updatedAt" SET DEFAULT CURRENT_TIMESTAMP;
      ALTER TABLE "ApiKey" ALTER COLUMN "scopes" TYPE UUID[] USING "scopes"::UUID[];
      ALTER TABLE "Product" ALTER COLUMN "gtin" TYPE TEXT;
      DROP INDEX "Product_slug_key";
      CREATE UNIQUE INDEX "Product_name_key" ON "Product"("name");
      DROP INDEX "Product_gtin_batchNumber_idx";
      CREATE INDEX "Product_gtin_batchNumber_idx" ON "Product"("batchNumber", "gtin");
      ALTER TABLE "User" DROP CONSTRAINT "User_companyId_fkey";
      ALTER TABLE "User" ADD CONSTRAINT "User_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
      ALTER TABLE "Document" ADD CONSTRAINT "Document_uploadedByUserId_fkey" FOREIGN KEY ("uploadedByUserId") REFERENCES "User"("id");
      ALTER TABLE "Industry" ADD CONSTRAINT "Industry_code_check" CHECK ("code" <> '');
    `);
    expect((await allDifferences(schema, await introspect(client), client)).sort()).toEqual(
      [
        'relation Stray: in the database but not in schema.prisma (table)',
        'enum Mode: database has (LIVE, TEST, SANDBOX), schema.prisma wants (LIVE, TEST)',
        'column Company.name: database has text [udt text] NULL, schema.prisma wants text [udt text] NOT NULL',
        'column Company.extra: in the database but not in schema.prisma (text [udt text] NULL)',
        'column ApiKey.scopes: database has uuid[] [udt _uuid] NULL, schema.prisma wants text[] [udt _text] NULL',
        'column Product.gtin: database has text [udt text] NULL, schema.prisma wants character(14) [udt bpchar] NULL',
        `default of Company.plan: database has DEFAULT 'premium'::text (= premium), schema.prisma wants @default("standard") (= standard)`,
        'default of Company.createdAt: database has DEFAULT now(), schema.prisma wants DEFAULT CURRENT_TIMESTAMP (@default(now()))',
        'default of Company.updatedAt: database has DEFAULT CURRENT_TIMESTAMP, schema.prisma wants none (@updatedAt is set by the client)',
        'unique index Product(slug): missing from the database (schema.prisma wants Product_slug_key using btree)',
        'unique index Product(name): in the database but not in schema.prisma (Product_name_key using btree)',
        'index Product(gtin, batchNumber): missing from the database (schema.prisma wants Product_gtin_batchNumber_idx using btree)',
        'index Product(batchNumber, gtin): in the database but not in schema.prisma (Product_gtin_batchNumber_idx using btree)',
        'foreign key User(companyId): database has User_companyId_fkey REFERENCES Company(id) ON DELETE RESTRICT ON UPDATE CASCADE, schema.prisma wants User_companyId_fkey REFERENCES Company(id) ON DELETE CASCADE ON UPDATE CASCADE',
        'foreign key Document(uploadedByUserId): in the database but not in schema.prisma (Document_uploadedByUserId_fkey REFERENCES User(id) ON DELETE NO ACTION ON UPDATE NO ACTION)',
        'constraint Industry.Industry_code_check: CHECK constraint in the database, which schema.prisma cannot express',
      ].sort(),
    );
  });
});
