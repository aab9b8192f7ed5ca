import type { Db, Tx } from '../../db/client';
import { gtinUnderAnyPrefix } from '../../gs1/company-prefix';
import { componentGraphProblems } from '../relations/component-graph';
import type { ReadinessReport } from './readiness';
import type { SchemaCompatibility } from './schema-compatibility';

export type GateCheckId = 'readiness' | 'schema_compatibility' | 'component_graph' | 'gtin_prefix' | 'documents';
export type GateStatus = 'pass' | 'fail' | 'warn' | 'skip';

export interface GateCheck {
  id: GateCheckId;
  status: GateStatus;
  message: string;
  details?: Record<string, unknown>;
}

export function readinessCheck(r: ReadinessReport): GateCheck {
  if (r.ok)
    return { id: 'readiness', status: 'pass', message: 'Every mandated field has a value and every value is valid.' };
  const message = `${r.missing.length} mandated field(s) without a value, ${r.invalid.length} invalid value(s).`;
  return { id: 'readiness', status: 'fail', message, details: { missing: r.missing, invalid: r.invalid } };
}

/** A product behind its category's schema passes while the current version still accepts its data. */
export function schemaCompatibilityCheck(c: SchemaCompatibility): GateCheck {
  const id = 'schema_compatibility';
  const versions = { productSchemaVersion: c.productSchemaVersion, currentSchemaVersion: c.currentSchemaVersion };
  if (!c.upgradeAvailable)
    return { id, status: 'pass', message: `The product uses the current schema version ${c.currentSchemaVersion}.` };
  if (c.compatible) {
    return {
      id,
      status: 'warn',
      message: `Schema version ${c.currentSchemaVersion} is available; the product's data is compatible with it.`,
      details: versions,
    };
  }
  const message = `The current schema version ${c.currentSchemaVersion} refuses ${c.problems.length} value(s) of this product.`;
  return { id, status: 'fail', message, details: { ...versions, problems: c.problems } };
}

export async function componentGraphCheck(db: Db | Tx, companyId: string, productId: string): Promise<GateCheck> {
  const problems = await componentGraphProblems(db, companyId, productId);
  if (problems.length === 0) return { id: 'component_graph', status: 'pass', message: 'The component graph is sound.' };
  return { id: 'component_graph', status: 'fail', message: problems.join(' '), details: { problems } };
}

/** A GTIN must belong to the company: it falls under one of its registered GS1 company prefixes. */
export async function gtinPrefixCheck(db: Db | Tx, companyId: string, gtin: string | null): Promise<GateCheck> {
  const id = 'gtin_prefix';
  if (!gtin) return { id, status: 'skip', message: 'The product has no GTIN.' };
  const prefixes = (
    await db.gs1Prefix.findMany({ where: { companyId }, select: { prefix: true }, orderBy: { prefix: 'asc' } })
  ).map((p) => p.prefix);
  if (gtinUnderAnyPrefix(gtin, prefixes))
    return { id, status: 'pass', message: "The GTIN falls under one of the company's GS1 company prefixes." };
  const message =
    prefixes.length === 0
      ? 'The company has registered no GS1 company prefix, so its GTIN cannot be verified; register the prefix first.'
      : `The GTIN falls under none of the company's ${prefixes.length} GS1 company prefix(es).`;
  return { id, status: 'fail', message, details: { gtin, prefixes } };
}

/** Evidence documents are reported, never required yet: a missing one warns. */
export async function documentsCheck(db: Db | Tx, companyId: string, productId: string): Promise<GateCheck> {
  const count = await db.document.count({ where: { companyId, productId } });
  if (count === 0)
    return {
      id: 'documents',
      status: 'warn',
      message: 'No evidence documents are on file for this product.',
      details: { count },
    };
  return { id: 'documents', status: 'pass', message: `${count} evidence document(s) on file.`, details: { count } };
}
