import type { FieldDefinition } from '../../schema/types';

/** The public DPP object's top-level members that carry field values, and the schema groups feeding each. */
export const PUBLIC_SECTIONS = {
  manufacturer: ['manufacturer', 'identity'],
  carbonFootprint: ['carbonFootprint'],
  recycledContent: ['recycledContent'],
  performance: ['performance'],
  supplyChain: ['supplyChain', 'materials'],
  compliance: ['compliance', 'hazardousSubstances', 'endOfLife'],
} as const;
export type PublicSection = keyof typeof PUBLIC_SECTIONS;

// Group members nested inside their section rather than spread among its own members.
const NESTED_GROUPS: Record<string, string> = { materials: 'materialComposition', endOfLife: 'endOfLife' };

// A section's members drop the prefix the section name already says (carbonFootprint.totalKgCo2e).
const PREFIXES: Record<string, string> = {
  manufacturer: 'manufacturer_',
  carbonFootprint: 'carbon_footprint_',
  recycledContent: 'recycled_',
};

export function camelCase(id: string): string {
  return id.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Where a field appears in the public DPP object: section, optional nested object, member name. */
export function publicPlacement(
  field: FieldDefinition,
): { section: PublicSection; nested?: string; member: string } | null {
  if (field.id === 'hazardous_substances') return null; // the top-level hazardousSubstances array
  for (const [section, groups] of Object.entries(PUBLIC_SECTIONS) as [PublicSection, readonly string[]][]) {
    if (!groups.includes(field.group)) continue;
    const prefix = PREFIXES[field.group];
    const id = prefix && field.id.startsWith(prefix) ? field.id.slice(prefix.length) : field.id;
    return { section, nested: NESTED_GROUPS[field.group], member: camelCase(id) };
  }
  return null;
}
