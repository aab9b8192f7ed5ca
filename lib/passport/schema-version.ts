import type { Tx } from '../db/client';
import type { CategorySchema, FieldDefinition } from '../schema/types';

/** The field schema a product was written against (versions are immutable once installed). */
export async function loadCategorySchema(tx: Tx, categoryId: string, version: number): Promise<CategorySchema> {
  const row = await tx.categorySchemaVersion.findUniqueOrThrow({
    where: { categoryId_version: { categoryId, version } },
    include: { category: { select: { code: true } } },
  });
  return {
    category: row.category.code as CategorySchema['category'],
    version: row.version,
    fields: row.fields as unknown as FieldDefinition[],
  };
}
