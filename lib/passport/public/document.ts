import type { CategorySchema, FieldDefinition } from '../../schema/types';
import { camelCase, PUBLIC_SECTIONS, type PublicSection, publicPlacement } from './names';

/**
 * The public DPP object: the contract's sixteen top-level members, public-tier values only; an item adds `model`,
 * a passport whose economic operator has ceased adds `continuity`.
 */
export interface PublicDpp {
  id: string;
  slug: string;
  productName: string;
  batteryCategory: string;
  status: 'published';
  version: number;
  manufacturer: Record<string, unknown>;
  carbonFootprint: Record<string, unknown> | null;
  recycledContent: Record<string, unknown>;
  performance: Record<string, unknown>;
  hazardousSubstances: Record<string, unknown>[];
  supplyChain: Record<string, unknown>;
  compliance: Record<string, unknown>;
  publishedAt: string;
  updatedAt: string;
  createdAt: string;
  /** Items only: the model version the passport was built on (the model's own JSON of that version at `url`). */
  model?: PublicModelReference;
  /** Only while the passport's company is marked ceased: since when, and where its back-up copy is served. */
  continuity?: PublicContinuity;
  /** Only for a battery handed over between operators (Art. 77(7)): its predecessor or successor passport. */
  succession?: PublicSuccession;
  /** Only once the battery is recycled (end of life, Art. 77(8)): when, and until when the passport stays readable. */
  endOfLife?: PublicEndOfLife;
}

/** The end of life of a recycled battery: the passport is frozen and ceases to exist after `readableUntil`. */
export interface PublicEndOfLife {
  status: 'recycled';
  recycledAt: string;
  readableUntil: string;
  /** The operator's statement (recycling facility, certificate reference); null when none was given. */
  note: string | null;
}

/**
 * A battery that went on under another operator's passport (Art. 77(7) of Regulation (EU) 2023/1542; docs/decisions.md,
 * "Handover between operators"). On the original: the reason as its status, since when, and its successor (a passport
 * of this service, `verified`, or an address the previous operator stated, not verified). On the successor: the
 * original it continues. `status` of the DPP object stays `published`, as the contract fixes it.
 */
export interface PublicSuccession {
  status?: 'prepared_for_reuse' | 'repurposed' | 'remanufactured';
  handedOverAt?: string;
  successor?: PublicSuccessionLink & { verified: boolean; statedBy: 'previous_operator' | null };
  predecessor?: PublicSuccessionLink & { reason: 'prepared_for_reuse' | 'repurposed' | 'remanufactured' };
}

export interface PublicSuccessionLink {
  /** Absolute address of the other passport (its viewer page). */
  url: string;
  name: string | null;
}

/** The back-up of a passport whose economic operator has ceased (Art. 78 of Regulation (EU) 2023/1542). */
export interface PublicContinuity {
  operatorCeasedAt: string;
  /** This passport's address at the back-up: the company's back-up address followed by the passport's own path. */
  backupUrl: string;
}

export interface PublicModelReference {
  slug: string;
  name: string;
  version: number;
  url: string;
}

export interface PublicDppSource {
  id: string;
  slug: string;
  productName: string;
  batteryCategory: string;
  version: number;
  /** All tiers, from the snapshot of `version`, with the current values of dynamic fields laid over it. */
  fields: Record<string, unknown>;
  publishedAt: Date;
  updatedAt: Date;
  createdAt: Date;
  model?: PublicModelReference | null;
  continuity?: PublicContinuity | null;
  succession?: PublicSuccession | null;
  endOfLife?: PublicEndOfLife | null;
}

const CARBON_FOOTPRINT_CATEGORIES = new Set(['EV_BATTERY', 'INDUSTRIAL_BATTERY']);

export const isPublicField = (f: FieldDefinition) => f.access === 'public';

/** Keeps only public members of each entry of an array field (an entry never leaks a restricted member). */
function publicValue(field: FieldDefinition, value: unknown): unknown {
  if (value === undefined) return null;
  if (field.type !== 'array' || !Array.isArray(value) || !field.items) return value;
  const members = field.items.filter(isPublicField);
  return value.map((entry) =>
    Object.fromEntries(members.map((m) => [camelCase(m.id), (entry as Record<string, unknown>)?.[m.id] ?? null])),
  );
}

export function buildPublicDpp(schema: CategorySchema, source: PublicDppSource): PublicDpp {
  const sections = Object.fromEntries(Object.keys(PUBLIC_SECTIONS).map((s) => [s, {}])) as Record<
    PublicSection,
    Record<string, unknown>
  >;
  let hazardousSubstances: Record<string, unknown>[] = [];
  for (const field of schema.fields) {
    if (!isPublicField(field)) continue;
    const value = publicValue(field, source.fields[field.id]);
    if (field.id === 'hazardous_substances') {
      hazardousSubstances = (Array.isArray(value) ? value : []) as Record<string, unknown>[];
      continue;
    }
    const place = publicPlacement(field);
    if (!place) continue;
    const target = place.nested
      ? ((sections[place.section][place.nested] ??= {}) as Record<string, unknown>)
      : sections[place.section];
    target[place.member] = value;
  }
  return {
    id: source.id,
    slug: source.slug,
    productName: source.productName,
    batteryCategory: source.batteryCategory,
    status: 'published',
    version: source.version,
    manufacturer: sections.manufacturer,
    carbonFootprint: CARBON_FOOTPRINT_CATEGORIES.has(source.batteryCategory) ? sections.carbonFootprint : null,
    recycledContent: sections.recycledContent,
    performance: sections.performance,
    hazardousSubstances,
    supplyChain: sections.supplyChain,
    compliance: sections.compliance,
    publishedAt: source.publishedAt.toISOString(),
    updatedAt: source.updatedAt.toISOString(),
    createdAt: source.createdAt.toISOString(),
    // Only an item's passport has it: every other keeps exactly its sixteen members.
    ...(source.model ? { model: source.model } : {}),
    ...(source.continuity ? { continuity: source.continuity } : {}),
    ...(source.succession ? { succession: source.succession } : {}),
    ...(source.endOfLife ? { endOfLife: source.endOfLife } : {}),
  };
}
