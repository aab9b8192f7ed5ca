import { defineEndpoint } from '../../endpoint';
import { PageQuery, page } from '../common';
import {
  CreateProductBody,
  ListQueryFilters,
  ProductDetailSchema,
  ProductSchema,
  ProductSummarySchema,
  PutFormDataBody,
  SchemaUpgradeBody,
  UpdateProductBody,
} from './schemas';

const tag = 'Products';

export const listProductsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products',
  operationId: 'listProducts',
  tag,
  scope: 'dpp:read',
  summary: 'List products',
  description:
    "The key's company's products of the key's mode, oldest change first (updatedAt, then id): a sync keeps " +
    'the last nextCursor, or passes updatedSince. List items carry no formData; read one product for it.',
  query: PageQuery.extend(ListQueryFilters),
  response: { status: 200, description: 'One page of products.', schema: page(ProductSummarySchema) },
});

export const createProductEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products',
  operationId: 'createProduct',
  tag,
  scope: 'dpp:draft:write',
  summary: 'Create a draft',
  description:
    "A new draft in the key's mode, on the category's current schema version. Initial formData is validated like " +
    'PUT form-data. The Location header names the new product. `"kind": "model"` makes a battery model; ' +
    "`modelId` makes an item of one of your models (the model's category, schema version and GTIN; its own serial " +
    'or batch number). Field levels apply to models and items: WRONG_LEVEL field errors.',
  body: CreateProductBody,
  response: { status: 201, description: 'The created draft.', schema: ProductSchema },
  errors: ['NAME_IN_USE', 'GTIN_IN_USE', 'FIELD_VALIDATION_ERROR', 'PLAN_LIMIT', 'MODEL_INVALID'],
});

export const getProductEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/{id}',
  operationId: 'getProduct',
  tag,
  scope: 'dpp:read',
  summary: 'Read a product',
  description:
    'The product with its full form data (every tier: the key belongs to the owner). A model also shows the ' +
    'progress of its latest re-publication of its items (`republication`).',
  response: { status: 200, description: 'The product.', schema: ProductDetailSchema },
});

export const updateProductEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/products/{id}',
  operationId: 'updateProduct',
  tag,
  scope: 'dpp:draft:write',
  summary: 'Change a draft',
  description:
    'Name and identifiers of a draft, under optimistic locking (lockVersion from the last read). Submitted, ' +
    'published, withdrawn and deprecated products are frozen; a published passport is revised by an operator in the portal.',
  body: UpdateProductBody,
  response: { status: 200, description: 'The changed product.', schema: ProductSchema },
  errors: ['LOCK_CONFLICT', 'PRODUCT_FROZEN', 'NAME_IN_USE', 'GTIN_IN_USE', 'DEMO_PRODUCT', 'MODEL_INVALID'],
});

export const putFormDataEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/products/{id}/form-data',
  operationId: 'putFormData',
  tag,
  scope: 'dpp:draft:write',
  summary: 'Write form data',
  description:
    "Merges the batch into the draft's form data (null clears a field). The whole batch is validated against " +
    "the product's schema version and refused all-or-nothing with fieldErrors; values are never echoed.",
  body: PutFormDataBody,
  response: { status: 200, description: 'The product with its merged form data.', schema: ProductSchema },
  errors: ['FIELD_VALIDATION_ERROR', 'LOCK_CONFLICT', 'PRODUCT_FROZEN', 'DEMO_PRODUCT'],
  // The hottest write of an ERP integration: its verb is two statements of SQL (lib/passport/drafts/put-form-data.ts).
  sqlTransaction: true,
});

export const schemaUpgradeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/{id}/schema-upgrade',
  operationId: 'upgradeSchemaVersion',
  tag,
  scope: 'dpp:draft:write',
  summary: "Move a draft to the category's current schema version",
  description:
    "Moves a draft (a new one, or an open revision of a published passport) to its category's current schema " +
    'version under optimistic locking, so the fields that version adds can be filled (GET schema-compatibility ' +
    'says whether an upgrade is available). Stored values the new version refuses are listed in fieldErrors and ' +
    'nothing changes. A draft already on the current version is returned unchanged. An item follows its model, and ' +
    'a model with items cannot move: both are 409 INVALID_STATE. Published versions keep their schema version.',
  body: SchemaUpgradeBody,
  response: { status: 200, description: 'The product on its new schema version.', schema: ProductSchema },
  errors: ['INVALID_STATE', 'FIELD_VALIDATION_ERROR', 'LOCK_CONFLICT', 'DEMO_PRODUCT'],
});
