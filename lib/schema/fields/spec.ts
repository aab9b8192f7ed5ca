// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
import type { FieldDefinition } from '@/lib/schema/types';

/**
 * How a field is mandated: 'row' (default) where a Battery Pass row it implements is mandatory for the category,
 * 'never' for a supplementary detail of its row, 'always' for a service addition every category requires.
 */
export type Mandate = 'row' | 'never' | 'always';

/** A field written once for all categories; categories.ts derives `mandated` and presence per category. */
export type FieldSpec = Omit<FieldDefinition, 'mandated'> & { mandate?: Mandate };

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
