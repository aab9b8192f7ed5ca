// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
import type { FieldDefinition } from '@/lib/schema/types';

/**
 * How a field is mandated: 'row' (default) where a Battery Pass row it implements is mandatory for the category,
 * 'never' for a supplementary detail of its row, 'always' for a service addition every category requires.
 */
export type Mandate = 'row' | 'never' | 'always';

/**
 * A field written once for all categories; categories.ts derives `mandated` and presence per category. `since`: the
 * first schema version that has the field (default 1); installed versions never change, so a new field names one.
 */
export type FieldSpec = Omit<FieldDefinition, 'mandated'> & { mandate?: Mandate; since?: number };

/** Shared shapes, spread into definitions to keep each one short. */
export const PERCENT = { type: 'number', unit: '%', min: 0, max: 100 } as const;
export const URL_FIELD = { type: 'url', unit: null, maxLength: 2048 } as const;
export const SHORT_TEXT = { type: 'string', unit: null, maxLength: 200 } as const;
export const LONG_TEXT = { type: 'string', unit: null, maxLength: 4000 } as const;
export const BOOLEAN = { type: 'boolean', unit: null } as const;
export const DATE = { type: 'date', unit: null } as const;
export const COUNTER = { type: 'integer', unit: null, min: 0 } as const;

export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const CAS_PATTERN = '^\\d{2,7}-\\d{2}-\\d$';
/** A CN code of heading 8507 (electric accumulators): the eight digits of the Combined Nomenclature. */
export const CN_8507_PATTERN = '^8507[0-9]{4}$';
