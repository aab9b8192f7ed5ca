import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { documentView } from '../../documents/view';
import type { mappingView } from '../../erp/mappings/view';
import type { subjectDataView } from '../../gdpr/view';
import type { productSummary, productView } from '../../passport/drafts/product-view';
import type { componentView, gs1PrefixView, traceabilityEntryView } from '../../passport/relations/views';
import type { deliveryView, endpointView } from '../../webhooks/endpoints/view';
import type { mintKey } from '../key-admin/mint';
import type { rotateSigningSecret } from '../key-admin/rotate-signing-secret';
import type { keyView } from '../key-admin/view';
import type { DocumentSchema } from './documents/schemas';
import type { SubjectData } from './gdpr/schemas';
import type { KeySchema, MintedKeySchema, SigningSecretSchema } from './keys/schemas';
import type { MappingSchema } from './mappings/shapes';
import type { ProductSchema, ProductSummarySchema } from './products/schemas';
import type { ComponentSchema } from './relations/components';
import type { Gs1PrefixSchema } from './relations/gs1-prefixes';
import type { TraceabilityEntrySchema } from './relations/traceability';
import type { DeliverySchema, EndpointSchema } from './webhooks/schemas';

// The domain's views carry no hand-written types of their own (the layers keep the domain from importing these
// schemas): each view's return type must fit the zod schema its endpoints document, or this file fails to compile.
// The response check in lib/integration/route.ts then proves, at run time, that no member beyond the schema's is sent.
type Answer<Schema extends z.ZodType> = z.output<Schema>;
type Resolved<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe('the views the Integration API answers fit the schemas its document shows', () => {
  it('products', () => {
    expectTypeOf<ReturnType<typeof productView>>().toExtend<Answer<typeof ProductSchema>>();
    expectTypeOf<ReturnType<typeof productSummary>>().toExtend<Answer<typeof ProductSummarySchema>>();
  });

  it('traceability, components and GS1 prefixes', () => {
    expectTypeOf<ReturnType<typeof traceabilityEntryView>>().toExtend<Answer<typeof TraceabilityEntrySchema>>();
    expectTypeOf<ReturnType<typeof componentView>>().toExtend<Answer<typeof ComponentSchema>>();
    expectTypeOf<ReturnType<typeof gs1PrefixView>>().toExtend<Answer<typeof Gs1PrefixSchema>>();
  });

  it('documents, ERP mappings and webhooks', () => {
    expectTypeOf<ReturnType<typeof documentView>>().toExtend<Answer<typeof DocumentSchema>>();
    expectTypeOf<ReturnType<typeof mappingView>>().toExtend<Answer<typeof MappingSchema>>();
    expectTypeOf<ReturnType<typeof endpointView>>().toExtend<Answer<typeof EndpointSchema>>();
    expectTypeOf<ReturnType<typeof deliveryView>>().toExtend<Answer<typeof DeliverySchema>>();
  });

  it('API keys', () => {
    expectTypeOf<ReturnType<typeof keyView>>().toExtend<Answer<typeof KeySchema>>();
    expectTypeOf<Resolved<typeof mintKey>>().toExtend<Answer<typeof MintedKeySchema>>();
    expectTypeOf<Resolved<typeof rotateSigningSecret>>().toExtend<Answer<typeof SigningSecretSchema>>();
  });

  it('GDPR', () => {
    expectTypeOf<ReturnType<typeof subjectDataView>>().toExtend<Answer<typeof SubjectData>>();
  });
});
