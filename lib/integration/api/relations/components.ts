import { z } from 'zod';
import { MAX_COMPONENTS } from '../../../passport/relations/component-graph';
import { defineEndpoint } from '../../endpoint';
import { PageQuery, page, Timestamp, Uuid } from '../common';
import { API_STATES } from '../products/schemas';

const PATH = '/api/v1/products/{id}/components';

export const ComponentBody = z
  .strictObject({
    childId: Uuid.describe('The component: another product of your company, in the same mode (else 404 NOT_FOUND).'),
    quantity: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(1)
      .describe('How many of the component the product contains (default 1).'),
    role: z
      .string()
      .min(1)
      .max(100)
      .nullish()
      .describe('What the component is within the product, e.g. "cell", "module" or "BMS".'),
  })
  .describe(
    `Adds a direct component, or updates the quantity and role of one already listed. At most ${MAX_COMPONENTS} direct components per product. Unknown members are refused.`,
  )
  .meta({ examples: [{ childId: '9b2d6f3e-5a41-4c8e-8f0a-2d7c1e6b4a90', quantity: 12, role: 'module' }] });

export const ComponentSchema = z
  .object({
    id: Uuid.describe('The component link id.'),
    child: z
      .object({
        id: Uuid.describe('Product id of the component.'),
        name: z.string().describe('Product name of the component.'),
        slug: z.string().describe('Passport slug of the component.'),
        state: z.enum(API_STATES).describe('Workflow state of the component.'),
      })
      .describe('The component product.'),
    quantity: z.number().int().min(1).describe('How many the product contains.'),
    role: z.string().nullable().describe('What the component is within the product.'),
    createdAt: Timestamp.describe('When the component was first added.'),
  })
  .meta({ id: 'Component' });

export const listComponentsEndpoint = defineEndpoint({
  method: 'GET',
  path: PATH,
  operationId: 'listComponents',
  summary: "List a product's direct components",
  description: 'The products this product directly contains, in the order they were added, in pages.',
  tag: 'Components',
  scope: 'dpp:read',
  query: PageQuery,
  response: { status: 200, description: 'One page of components.', schema: page(ComponentSchema) },
});

export const addComponentEndpoint = defineEndpoint({
  method: 'POST',
  path: PATH,
  operationId: 'addComponent',
  summary: 'Add a component (or update its quantity)',
  description:
    'Declares that a draft contains another product. 201 when the component is new; 200 with the updated link when ' +
    'the same child was already listed (its quantity and role are replaced). Refused with 422 SELF_REFERENCE (the ' +
    'product itself), 422 CIRCULAR_REFERENCE (the child already contains the product at any depth) and 422 ' +
    `MAX_COMPONENTS (already ${MAX_COMPONENTS} direct components). Frozen products answer 409 PRODUCT_FROZEN.`,
  tag: 'Components',
  scope: 'dpp:draft:write',
  body: ComponentBody,
  response: {
    status: 201,
    description: 'The component added (200 when an existing one was updated).',
    schema: ComponentSchema,
  },
  errors: ['SELF_REFERENCE', 'CIRCULAR_REFERENCE', 'MAX_COMPONENTS', 'PRODUCT_FROZEN', 'DEMO_PRODUCT'],
});
