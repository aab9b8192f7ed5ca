import { defineEndpoint } from '../../endpoint';
import {
  GateSchema,
  ProductSchema,
  ReadinessSchema,
  RecycleBody,
  RegistrationSchema,
  SchemaCompatibilitySchema,
  WithdrawBody,
} from './schemas';

const tag = 'Products';

export const readinessEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/{id}/readiness',
  operationId: 'getReadiness',
  tag,
  scope: 'dpp:gate:read',
  summary: 'Readiness report',
  description: 'The field checks of submission: mandated fields without a value and stored values the schema refuses.',
  response: { status: 200, description: 'The readiness report.', schema: ReadinessSchema },
});

export const gateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/{id}/gate',
  operationId: 'getPublishGate',
  tag,
  scope: 'dpp:gate:read',
  summary: 'Publish gate',
  description:
    'Every publication check with its result: readiness, schema compatibility, component graph, GTIN under the ' +
    "company's GS1 prefixes, evidence documents (reported, never blocking).",
  response: { status: 200, description: 'The gate report.', schema: GateSchema },
});

export const schemaCompatibilityEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/{id}/schema-compatibility',
  operationId: 'getSchemaCompatibility',
  tag,
  scope: 'dpp:read',
  summary: 'Schema compatibility',
  description: "Whether the category's current schema version accepts the product's form data.",
  response: { status: 200, description: 'The compatibility report.', schema: SchemaCompatibilitySchema },
});

export const submitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/{id}/submit',
  operationId: 'submitProduct',
  tag,
  scope: 'dpp:submit',
  summary: 'Submit for review',
  description:
    'Draft to submitted, through the publish gate. No body (the signature hashes the empty string). Missing ' +
    'mandated fields: SUBMIT_BLOCKED; another failing gate check: SUBMIT_REJECTED. Publication is a human action in the portal.',
  body: 'none',
  response: { status: 200, description: 'The submitted product.', schema: ProductSchema },
  errors: ['SUBMIT_BLOCKED', 'SUBMIT_REJECTED', 'INVALID_STATE', 'DEMO_PRODUCT'],
});

export const withdrawEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/{id}/withdraw',
  operationId: 'withdrawProduct',
  tag,
  scope: 'dpp:withdraw',
  summary: 'Withdraw a published passport',
  description:
    'Published to withdrawn: public JSON answers 410 and pages show the notice from then on, and the signed ' +
    "credentials of its versions are revoked in the company's status list in the same commit (a company signing key " +
    'that cannot sign refuses the withdrawal: ISSUER_KEY_UNAVAILABLE).',
  body: WithdrawBody,
  response: { status: 200, description: 'The withdrawn product.', schema: ProductSchema },
  errors: ['INVALID_STATE', 'SUCCESSOR_INVALID', 'DEMO_PRODUCT', 'ISSUER_KEY_UNAVAILABLE'],
});

export const recycleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/{id}/recycle',
  operationId: 'recycleProduct',
  tag,
  scope: 'dpp:withdraw',
  summary: 'Mark the battery recycled (end of life)',
  description:
    'A published passport whose battery was recycled (Art. 77(8) of Regulation (EU) 2023/1542): from this commit ' +
    'on it is frozen (no revision, withdrawal or deprecation: 409 PRODUCT_FROZEN; BMS reports: 410 ' +
    'PRODUCT_WITHDRAWN), the public page shows the end-of-life notice and the public JSON and JSON-LD carry ' +
    '`endOfLife`. It stays readable until `recycledRetainUntil`, after which the passport ceases to exist (public ' +
    'JSON 410). Emits `product.recycled`.',
  body: RecycleBody,
  response: { status: 200, description: 'The recycled product.', schema: ProductSchema },
  errors: ['INVALID_STATE', 'PRODUCT_FROZEN', 'DEMO_PRODUCT'],
});

export const registryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/{id}/registry',
  operationId: 'getRegistration',
  tag,
  scope: 'dpp:read',
  summary: 'EU registry registration',
  description:
    "Where the product's registration with the EU digital product passport registry stands (Art. 13 of " +
    'Regulation (EU) 2024/1781): each publication, withdrawal, deprecation and reinstatement of a live passport is ' +
    'sent to the registry after its commit, retried with backoff while the registry fails; a registration that ' +
    'turns failed is announced once with the `registry.failed` webhook event.',
  response: { status: 200, description: 'The registration.', schema: RegistrationSchema },
});
