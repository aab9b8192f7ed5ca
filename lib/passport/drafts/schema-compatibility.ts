import { type Db, prisma, type Tx } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import type { CategorySchema, FieldError } from '../../schema/types';
import { validateFormData } from '../../schema/validate';
import { loadCategorySchema } from '../schema-version';
import { getProductOrThrow } from './find-product';

export interface SchemaCompatibility {
  productSchemaVersion: number;
  currentSchemaVersion: number;
  /** The product's form data validates against the category's current schema version. */
  compatible: boolean;
  /** The category has moved on to a newer schema version than the product's. */
  upgradeAvailable: boolean;
  /** What the current version refuses in the stored data (missing mandated fields are readiness, not this). */
  problems: FieldError[];
}

type Subject = { categoryId: string; schemaVersion: number; formData: unknown };

/** The product's stored data judged by the category's current schema version. */
export async function compatibilityOf(db: Db | Tx, product: Subject): Promise<SchemaCompatibility> {
  const category = await db.category.findUniqueOrThrow({
    where: { id: product.categoryId },
    select: { currentSchemaVersion: true },
  });
  return judgeCompatibility(
    await loadCategorySchema(db as Tx, product.categoryId, category.currentSchemaVersion),
    product,
  );
}

export function judgeCompatibility(current: CategorySchema, product: Omit<Subject, 'categoryId'>): SchemaCompatibility {
  const problems = validateFormData(current, product.formData as Record<string, unknown>);
  return {
    productSchemaVersion: product.schemaVersion,
    currentSchemaVersion: current.version,
    compatible: problems.length === 0,
    upgradeAvailable: current.version > product.schemaVersion,
    problems,
  };
}

export async function productSchemaCompatibility({ ctx, input, db = prisma }: VerbArgs<{ productId: string }>) {
  return compatibilityOf(db, await getProductOrThrow(db, ctx, input.productId));
}
