import { ServiceError } from '../../errors';
import { type LevelSubject, levelErrors } from '../../schema/levels';
import type { CategorySchema, FieldError } from '../../schema/types';
import { mergeFormData, missingMandatedFields, validateFormData } from '../../schema/validate';
import { canonicalJson } from '../canonical-json';

export interface AppliedFormData {
  formData: Record<string, unknown>;
  /** Field ids whose value the patch actually changed (added, replaced or cleared). */
  changed: string[];
}

/**
 * A list value is written whole, so each of its entries must carry the entry's mandated members (a test report
 * without its URL says nothing); top-level mandated fields are only required at submission.
 */
function incompleteEntries(schema: CategorySchema, patch: Record<string, unknown>): FieldError[] {
  const lists = Object.fromEntries(Object.entries(patch).filter(([, v]) => Array.isArray(v)));
  return missingMandatedFields(schema, lists).filter((e) => e.field_id.includes('['));
}

/**
 * A form-data batch merged over the stored data, all-or-nothing: any problem refuses the whole batch with 422
 * FIELD_VALIDATION_ERROR naming each field (never its value). `null` clears a field. A model or an item also keeps
 * to the fields' levels (WRONG_LEVEL, lib/schema/levels.ts); a standalone passport has no level rules.
 */
export function applyFormData(
  schema: CategorySchema,
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
  subject: LevelSubject = { kind: 'standalone' },
): AppliedFormData {
  const fieldErrors = [
    ...validateFormData(schema, patch),
    ...incompleteEntries(schema, patch),
    ...levelErrors(schema, subject, patch),
  ];
  if (fieldErrors.length > 0) {
    throw new ServiceError(
      'FIELD_VALIDATION_ERROR',
      `The form data was refused (${fieldErrors.length} problem(s)); nothing was saved.`,
      {
        fieldErrors,
      },
    );
  }
  const formData = mergeFormData(current, patch);
  const changed = Object.keys(patch).filter(
    (id) => canonicalJson(current[id] ?? null) !== canonicalJson(formData[id] ?? null),
  );
  return { formData, changed };
}
