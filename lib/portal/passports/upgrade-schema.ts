import { prisma } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { upgradeSchemaVersion } from '../../passport/drafts/upgrade-schema';
import { FORM_INCOMPLETE_MESSAGE } from './edit-form-data';

/**
 * The passport page's "Move to schema version N" form, through the verb behind the API's schema-upgrade: the form
 * carries the lockVersion it was rendered with, so a change made meanwhile is LOCK_CONFLICT, never skipped over.
 */
export async function moveDraftToCurrentSchema({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string; lockVersion: string }>): Promise<{ schemaVersion: number }> {
  if (!/^\d{1,9}$/.test(input.lockVersion)) {
    throw new ServiceError('VALIDATION_ERROR', FORM_INCOMPLETE_MESSAGE);
  }
  const moved = await upgradeSchemaVersion({
    ctx,
    db,
    input: { productId: input.productId, lockVersion: Number(input.lockVersion) },
  });
  return { schemaVersion: moved.schemaVersion };
}
