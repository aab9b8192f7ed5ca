import { prisma, type Tx } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { putFormData } from '../../passport/drafts/put-form-data';
import { loadCategorySchema } from '../../passport/schema-version';
import { findPassport } from './detail';
import { formDataBatch, groupFields, isFieldGroup } from './form-input';

/** A form that lost its hidden fields; the portal's action shows it in the operator's language. */
export const FORM_INCOMPLETE_MESSAGE = 'The form is incomplete: reload the page and try again.';

export interface SaveGroupInput {
  productId: string;
  group: string;
  /** The lockVersion the form was rendered with: a change made meanwhile is 409 LOCK_CONFLICT, not overwritten. */
  lockVersion: string;
  form: FormData;
}

/**
 * Saves one group's form through the verb behind the API's PUT form-data, so the portal refuses exactly what the
 * API refuses, with the same messages, and records the same audit row and event.
 */
export async function saveFormDataGroup({
  ctx,
  input,
  db = prisma,
}: VerbArgs<SaveGroupInput>): Promise<{ changed: boolean }> {
  const product = await findPassport(db, ctx, input.productId);
  if (!product) throw new ServiceError('NOT_FOUND', 'No such product.');
  if (!isFieldGroup(input.group) || !/^\d{1,9}$/.test(input.lockVersion)) {
    throw new ServiceError('VALIDATION_ERROR', FORM_INCOMPLETE_MESSAGE);
  }
  const lockVersion = Number(input.lockVersion);
  const schema = await loadCategorySchema(db as Tx, product.categoryId, product.schemaVersion);
  const formData = formDataBatch(groupFields(schema.fields, input.group), input.form);
  const saved = await putFormData({ ctx, db, input: { productId: product.id, formData, lockVersion } });
  // The verb bumps lockVersion only when a value actually changed.
  return { changed: saved.lockVersion !== lockVersion };
}
