// The test kit: each factory creates one realistic thing in one call, with names unique per call so test files
// sharing a database never collide.
import { randomBytes } from 'node:crypto';
import { createBmsSecret } from '../lib/bms/secrets';
import { createOperator } from '../lib/companies';
import type { Db, Tx } from '../lib/db/client';
import type { Company, Prisma, Product } from '../lib/db/generated/client';
import type { Mode, ProductState, UserRole } from '../lib/db/generated/enums';
import { type DomainContext, systemActor } from '../lib/domain/context';
import { mintApiKey } from '../lib/integration/keys';
import type { Scope } from '../lib/integration/scopes';
import { createProduct } from '../lib/passport/drafts/create-product';
import { approveProduct, submitProduct } from '../lib/passport/lifecycle';
import { loadCategorySchema } from '../lib/passport/schema-version';
import { exampleFormData, exampleFormDataOfLevel } from '../lib/schema/examples';
import type { BatteryCategory } from '../lib/schema/types';

type AnyDb = Db | Tx;

export const TEST_ACTOR = systemActor('test-kit');
export const TEST_PASSWORD = 'correct-horse-battery-staple';

const uniqueTag = () => randomBytes(5).toString('hex');

const toMode = (mode: Mode | 'live' | 'test' = 'LIVE'): Mode => mode.toUpperCase() as Mode;

export function createTestCompany(
  db: AnyDb,
  overrides: Partial<Prisma.CompanyUncheckedCreateInput> = {},
): Promise<Company> {
  const tag = uniqueTag();
  return db.company.create({ data: { name: `Test Company ${tag}`, slug: `test-${tag}`, ...overrides } });
}

/** An operator whose plaintext password is returned for login tests. */
export async function createTestOperator(
  db: AnyDb,
  {
    companyId,
    role = 'ADMIN',
    email,
    password = TEST_PASSWORD,
  }: { companyId: string; role?: UserRole; email?: string; password?: string },
) {
  const user = await createOperator(db, {
    companyId,
    role,
    password,
    email: email ?? `operator-${uniqueTag()}@test.example`,
    actor: TEST_ACTOR,
  });
  return { ...user, password };
}

export function mintTestKey(
  db: AnyDb,
  companyId: string,
  options: {
    scopes?: Scope[];
    mode?: Mode | 'live' | 'test';
    allowedCidrs?: string[];
    expiresInDays?: number;
    name?: string;
    allowPrivileged?: boolean;
  } = {},
) {
  return mintApiKey(db, {
    companyId,
    name: options.name ?? `test key ${uniqueTag()}`,
    scopes: options.scopes ?? ['dpp:read'],
    mode: toMode(options.mode),
    allowedCidrs: options.allowedCidrs,
    expiresInDays: options.expiresInDays,
    allowPrivileged: options.allowPrivileged ?? true,
    actor: TEST_ACTOR,
  });
}

export function createTestBmsSecret(
  db: AnyDb,
  companyId: string,
  options: { productIds?: string[]; name?: string } = {},
) {
  return createBmsSecret(db, {
    companyId,
    name: options.name ?? `test bms ${uniqueTag()}`,
    productIds: options.productIds,
    actor: TEST_ACTOR,
  });
}

export interface TestProductInput {
  companyId: string;
  category?: BatteryCategory;
  /** Sets the row only: a published passport also needs a snapshot, so use `createPublishedPassport` for that. */
  state?: ProductState;
  formData?: Record<string, unknown>;
  mode?: Mode | 'live' | 'test';
  name?: string;
  slug?: string;
  gtin?: string | null;
  serialNumber?: string | null;
  batchNumber?: string | null;
  version?: number;
}

/** A product row of the category's current schema version. */
export async function createTestProduct(db: AnyDb, input: TestProductInput): Promise<Product> {
  const category = await db.category.findUniqueOrThrow({ where: { code: input.category ?? 'EV_BATTERY' } });
  const tag = uniqueTag();
  return db.product.create({
    data: {
      companyId: input.companyId,
      categoryId: category.id,
      schemaVersion: category.currentSchemaVersion,
      mode: toMode(input.mode),
      state: input.state ?? 'DRAFT',
      slug: input.slug ?? `test-passport-${tag}`,
      name: input.name ?? `Test Battery ${tag}`,
      gtin: input.gtin ?? null,
      serialNumber: input.serialNumber ?? null,
      batchNumber: input.batchNumber ?? null,
      formData: (input.formData ?? {}) as Prisma.InputJsonObject,
      version: input.version ?? 0,
    },
  });
}

/**
 * A passport published as version 1 through the real approval verb (snapshot, audit, events), its form data the
 * schema's examples overlaid with `formData`.
 */
export async function createPublishedPassport(
  db: AnyDb,
  input: Omit<TestProductInput, 'state' | 'version'>,
): Promise<Product> {
  const draft = await createTestProduct(db, { ...input, state: 'SUBMITTED' });
  const schema = await loadCategorySchema(db as Tx, draft.categoryId, draft.schemaVersion);
  const formData = { ...exampleFormData(schema), ...input.formData };
  await db.product.update({ where: { id: draft.id }, data: { formData: formData as Prisma.InputJsonObject } });
  const ctx: DomainContext = { companyId: input.companyId, actor: TEST_ACTOR };
  await approveProduct({ ctx, input: { productId: draft.id }, db });
  return db.product.findUniqueOrThrow({ where: { id: draft.id } });
}

/** A fresh company (with `company` overrides) with a published passport (form data overlaid with `formData`) and an
 * all-products BMS secret. */
export async function createBmsTenant(
  db: AnyDb,
  options: { formData?: Record<string, unknown>; company?: Partial<Prisma.CompanyUncheckedCreateInput> } = {},
) {
  const company = await createTestCompany(db, options.company);
  const product = await createPublishedPassport(db, { companyId: company.id, formData: options.formData });
  const secret = await createTestBmsSecret(db, company.id);
  return { company, product, secret: secret.secret, secretId: secret.id };
}

/**
 * A battery model published as version 1 through the real verbs (createProduct with kind model, submit, approve),
 * its form data the schema's model-level examples overlaid with `formData`.
 */
export async function createPublishedModel(
  db: AnyDb,
  input: {
    companyId: string;
    gtin: string;
    name?: string;
    category?: BatteryCategory;
    formData?: Record<string, unknown>;
    mode?: Mode | 'live' | 'test';
  },
): Promise<Product> {
  const category = await db.category.findUniqueOrThrow({ where: { code: input.category ?? 'EV_BATTERY' } });
  const schema = await loadCategorySchema(db as Tx, category.id, category.currentSchemaVersion);
  const ctx: DomainContext = { companyId: input.companyId, actor: TEST_ACTOR, mode: toMode(input.mode) };
  const model = await createProduct({
    ctx,
    db,
    input: {
      kind: 'model',
      name: input.name ?? `Test Model ${uniqueTag()}`,
      categoryCode: category.code,
      gtin: input.gtin,
      formData: exampleFormDataOfLevel(schema, 'model', input.formData),
    },
  });
  await submitProduct({ ctx, input: { productId: model.id }, db });
  await approveProduct({ ctx, input: { productId: model.id }, db });
  return db.product.findUniqueOrThrow({ where: { id: model.id } });
}
