import { z } from 'zod';
import { REGISTRY_STATES } from '../../../registry/status';
import { CategoryCode, FieldErrorSchema, Timestamp, Uuid } from '../common';

/** Shapes of the products resource, described once for validation and the OpenAPI document. */

export const API_STATES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'WITHDRAWN', 'DEPRECATED'] as const;
export const PUBLIC_STATES = ['draft', 'submitted', 'published', 'withdrawn', 'deprecated'] as const;

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Passed through as sent (a record schema would silently drop a `__proto__` key instead of refusing it). */
export const FormDataObject = z
  .unknown()
  .refine(isObject, { message: 'Expected a JSON object keyed by field id.' })
  .meta({
    type: 'object',
    additionalProperties: true,
    description: 'Field values keyed by schema field id (GET /api/v1/categories/{code}/schema); null clears a field.',
    example: { model_number: 'VX-75-NMC811', rated_capacity_ah: 188 },
  }) as unknown as z.ZodType<Record<string, unknown>>;

const Gtin = z
  .string()
  .max(14)
  .describe('GTIN-8, -12, -13 or -14 with a valid GS1 check digit; stored and answered as GTIN-14.')
  .meta({ example: '04012345000009' });
const Serial = z
  .string()
  .max(20)
  .describe('GS1 AI 21 serial number: 1 to 20 characters of GS1 character set 82.')
  .meta({ example: 'SN-000123' });
const Batch = z
  .string()
  .max(20)
  .describe('GS1 AI 10 batch or lot number: 1 to 20 characters of GS1 character set 82.')
  .meta({ example: 'LOT-2026-11' });
const Name = z
  .string()
  .min(1)
  .max(200)
  .describe('Commercial name, unique per company and mode.')
  .meta({ example: 'Voltaris VX-75 EV pack' });
const LockVersion = z
  .number()
  .int()
  .min(0)
  .describe('The lockVersion of the last read; a stale value is 409 LOCK_CONFLICT.')
  .meta({ example: 3 });

export const KINDS = ['standalone', 'model', 'item'] as const;

export const CreateProductBody = z
  .strictObject({
    name: Name.nullable()
      .optional()
      .describe(
        'Commercial name, unique per company and mode. Required except for an item, which defaults to ' +
          '`<model name> · <serial or batch>`.',
      ),
    categoryCode: CategoryCode.nullable()
      .optional()
      .describe("Required except for an item, which takes its model's category (a different one is MODEL_INVALID)."),
    kind: z
      .enum(KINDS)
      .nullable()
      .optional()
      .describe(
        '`model` for a battery model (a GTIN required; its items inherit its data); an item is made by naming ' +
          '`modelId`. Omitted: a standalone passport, or an item when `modelId` is given. Fixed at creation.',
      ),
    modelId: Uuid.nullable()
      .optional()
      .describe(
        "The item's model: a model of your company in your key's mode, else 422 MODEL_INVALID. The item takes " +
          "the model's category, schema version and GTIN, and needs a serialNumber or batchNumber. Fixed at creation.",
      ),
    gtin: Gtin.nullable().optional(),
    serialNumber: Serial.nullable().optional(),
    batchNumber: Batch.nullable().optional(),
    slug: z
      .string()
      .min(1)
      .max(80)
      .nullable()
      .optional()
      .describe('Public URL slug: lowercase letters, digits, hyphens. Made from the name when omitted or null.')
      .meta({ example: 'vx-75-ev-pack' }),
    formData: FormDataObject.nullable().optional(),
  })
  .meta({
    example: {
      name: 'Voltaris VX-75 EV pack',
      categoryCode: 'EV_BATTERY',
      gtin: '4012345000009',
      serialNumber: 'SN-000123',
      formData: { model_number: 'VX-75-NMC811' },
    },
  });

export const UpdateProductBody = z
  .strictObject({
    lockVersion: LockVersion,
    name: Name.optional(),
    gtin: Gtin.nullable().optional().describe('null removes the GTIN.'),
    serialNumber: Serial.nullable().optional(),
    batchNumber: Batch.nullable().optional(),
  })
  .refine((b) => ['name', 'gtin', 'serialNumber', 'batchNumber'].some((k) => k in b), {
    message: 'Name at least one member to change.',
  })
  .meta({ example: { lockVersion: 3, name: 'Voltaris VX-75 EV pack (2027)' } });

export const PutFormDataBody = z
  .strictObject({
    formData: FormDataObject,
    lockVersion: LockVersion.optional().describe('Optional: when given, a stale value is 409 LOCK_CONFLICT.'),
  })
  .meta({
    example: { formData: { model_number: 'VX-75-NMC811', rated_capacity_ah: 188, test_reports: null }, lockVersion: 3 },
  });

export const SchemaUpgradeBody = z.strictObject({ lockVersion: LockVersion }).meta({ example: { lockVersion: 3 } });

export const WithdrawBody = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe('Shown on the public withdrawal notice and the 410 body.')
      .meta({ example: 'Safety recall of production lot 2026-11.' }),
    successorId: z
      .string()
      .min(1)
      .max(64)
      .nullable()
      .optional()
      .describe('Id of another published passport of the company that replaces this one.'),
    operatorDetails: z.string().max(2000).nullable().optional(),
    manufacturerContact: z.string().max(2000).nullable().optional(),
  })
  .meta({
    example: { reason: 'Safety recall of production lot 2026-11.', manufacturerContact: 'recall@voltaris.example' },
  });

export const RecycleBody = z
  .strictObject({
    note: z
      .string()
      .trim()
      .max(2000)
      .nullable()
      .optional()
      .describe('The end-of-life statement (recycling facility, certificate reference) shown on the public notice.'),
  })
  .meta({ example: { note: 'Recycled by Example Recycling GmbH, certificate R-2026-0042.' } });

const STATE_LIST = new RegExp(
  `^(${[...API_STATES, ...PUBLIC_STATES].join('|')})(,(${[...API_STATES, ...PUBLIC_STATES].join('|')}))*$`,
);

export const ListQueryFilters = {
  state: z
    .string()
    .regex(
      STATE_LIST,
      'Use DRAFT, SUBMITTED, APPROVED, WITHDRAWN or DEPRECATED (or the public names), comma-separated.',
    )
    .optional()
    .describe('State filter, comma-separated; API names or public names (published = APPROVED).')
    .meta({ example: 'DRAFT,SUBMITTED' }),
  category: z.string().max(64).optional().describe('Category code.').meta({ example: 'EV_BATTERY' }),
  kind: z.enum(['standalone', 'model', 'item']).optional().describe('Only products of this kind.'),
  modelId: z.uuid().optional().describe('Only the items of this model.'),
  updatedSince: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Only products changed at or after this instant.')
    .meta({ example: '2026-11-01T00:00:00Z' }),
};

const Urls = z.object({
  passport: z
    .string()
    .nullable()
    .describe('Public resolver (GS1 Digital Link) address while the public surfaces answer for the passport.'),
  json: z.string().nullable().describe('Public DPP JSON address, same condition.'),
  jsonld: z.string().nullable().describe('Public JSON-LD address, same condition.'),
});

const productMembers = {
  id: Uuid,
  slug: z.string(),
  name: z.string(),
  category: z.string().describe('Category code.'),
  kind: z
    .enum(KINDS)
    .describe('`model`: a battery model whose items inherit its data; `item`: one unit of a model; else standalone.'),
  modelId: Uuid.nullable().describe("An item's model; null for models and standalone passports."),
  schemaVersion: z.number().int(),
  mode: z.enum(['live', 'test']),
  state: z.enum(API_STATES).describe('Workflow state (API name).'),
  publicState: z.enum(PUBLIC_STATES).describe('The same state in the public vocabulary.'),
  lockVersion: z.number().int(),
  version: z.number().int().describe('Latest published version; 0 before the first publication.'),
  gtin: z.string().nullable(),
  serialNumber: z.string().nullable(),
  batchNumber: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  submittedAt: Timestamp.nullable(),
  publishedAt: Timestamp.nullable(),
  withdrawnAt: Timestamp.nullable(),
  recycledAt: Timestamp.nullable().describe(
    'When the battery was marked recycled (end of life): the passport is frozen from then on; null while in use.',
  ),
  recycledRetainUntil: Timestamp.nullable().describe(
    "Until when a recycled battery's passport stays publicly readable; after it, it ceases to exist (410).",
  ),
  rejectionReason: z.string().nullable().describe("The reviewer's reason when a submission was sent back to draft."),
  urls: Urls,
};

export const ProductSchema = z
  .object({
    ...productMembers,
    formData: z
      .record(z.string(), z.unknown())
      .describe('Every field of the draft, all tiers.')
      .meta({ example: { model_number: 'VX-75-NMC811', rated_capacity_ah: 188 } }),
  })
  .meta({ id: 'Product' });
export const ProductSummarySchema = z.object(productMembers).meta({ id: 'ProductSummary' });

export const RepublicationSchema = z
  .object({
    id: Uuid.describe('The batch run.'),
    status: z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']),
    total: z.number().int().describe('Published items of the model when the run was queued.'),
    processed: z.number().int().describe('Items re-published (or refused) so far.'),
    failed: z.number().int().describe('Items whose re-publication was refused (each with an audit row).'),
    modelVersion: z.number().int().describe('The model version being rolled out to the items.'),
  })
  .describe("The latest re-publication of a model's published items onto its newest version.")
  .meta({ id: 'Republication' });

export const ProductDetailSchema = ProductSchema.extend({
  republication: RepublicationSchema.nullable()
    .optional()
    .describe("Models only: the latest re-publication of the model's items (null when it never had one)."),
}).meta({ id: 'ProductDetail' });

export const ReadinessSchema = z
  .object({
    ok: z.boolean().describe('True when submission would pass its field checks.'),
    missing: z.array(FieldErrorSchema).describe('Mandated fields without a value (REQUIRED_MISSING).'),
    invalid: z.array(FieldErrorSchema).describe('Stored values the schema refuses.'),
    model: z
      .object({ id: Uuid, slug: z.string(), name: z.string(), version: z.number().int() })
      .nullable()
      .optional()
      .describe(
        "Items only: the model version whose published fields were merged under the item's own for this report " +
          '(null while the model has no published version: the item cannot be submitted yet).',
      ),
  })
  .meta({ id: 'Readiness' });

export const GateSchema = z
  .object({
    ok: z.boolean().describe('True when no check fails; warn and skip never block.'),
    checks: z.array(
      z.object({
        id: z.enum(['readiness', 'schema_compatibility', 'component_graph', 'gtin_prefix', 'documents']),
        status: z.enum(['pass', 'fail', 'warn', 'skip']),
        message: z.string(),
        details: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  })
  .meta({ id: 'PublishGate' });

export const SchemaCompatibilitySchema = z
  .object({
    productSchemaVersion: z.number().int(),
    currentSchemaVersion: z.number().int(),
    compatible: z.boolean().describe("The category's current schema version accepts the product's data."),
    upgradeAvailable: z.boolean(),
    problems: z.array(FieldErrorSchema),
  })
  .meta({ id: 'SchemaCompatibility' });

export const RegistrationSchema = z
  .object({
    status: z
      .enum(REGISTRY_STATES)
      .describe(
        'not_registered: nothing to register (never published, or a test-mode product); pending: a publication, ' +
          'withdrawal, deprecation or reinstatement the registry has not accepted yet (first attempt or retrying); ' +
          'registered: the registry holds the current state; failed: refused by the registry, or failing for ' +
          '5 attempts in a row (still retried with backoff; a refused record waits for the next change).',
      ),
    registrationId: z.string().nullable().describe("The registry's identifier of the registration, once accepted."),
    registeredVersion: z.number().int().nullable().describe('The passport version the registry last accepted.'),
    registeredAt: Timestamp.nullable().describe('When the registry last accepted the registration.'),
    currentVersion: z.number().int().describe("The passport's latest published version (0: never published)."),
    attempts: z.number().int().describe('Failed attempts since the last acceptance or change.'),
    lastError: z.string().nullable().describe("The last failed attempt's error, null after an acceptance."),
    lastAttemptAt: Timestamp.nullable(),
    nextAttemptAt: Timestamp.nullable().describe('When the next attempt is due; null when none is planned.'),
  })
  .meta({ id: 'Registration' });
