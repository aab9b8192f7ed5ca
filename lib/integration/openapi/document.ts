import { config } from '../../config';
import { ErrorEnvelope } from '../api/common';
import { INTEGRATION_ENDPOINTS } from '../api/index';
import type { Endpoint } from '../endpoint';
import { apiDescription, type DescriptionLimits } from './description';
import type { DocumentedEndpoint } from './endpoint-docs';
import { errorCodesOf, errorExamples } from './errors';
import { HEADER_COMPONENTS, HEADER_PARAMETERS } from './headers';
import { SchemaCollector } from './json-schema';
import { builtOnce, type OpenApiObject } from './openapi-object';
import { buildOperation } from './operation';

export interface DocumentOptions extends DescriptionLimits {
  baseUrl: string;
}

/** What each tag groups: Redocly's lint (npm run lint:openapi) refuses a tag without a description. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Service: 'Health and this description; no credentials.',
  Discovery: 'Your key, the industries and the battery categories.',
  'Field schemas': 'Category field schemas, their diffs and ERP templates.',
  Suppliers: 'Suppliers your company owns or is linked to.',
  Products: 'Drafts from creation to submission: identifiers, form data, readiness, the publish gate, withdrawal.',
  Handovers:
    'A published passport handed over to another operator for re-use, repurposing or remanufacturing (Art. 77(7)): offer, accept, decline.',
  Traceability: 'Supply-chain entries of a product: stage, material, country, supplier and evidence.',
  Components: 'The cells, modules or packs a product is built from, as links to other products.',
  'GS1 prefixes': "Your company's GS1 company prefixes, against which the publish gate checks GTINs.",
  Documents: 'Evidence documents of a product: signed multipart upload, list and download.',
  'ERP mappings': 'Named maps from ERP export columns to field ids with value transforms, and their lint.',
  Imports:
    'ERP files (CSV, XLSX, JSON Lines) applied row by row through a mapping: status, row errors, cancel, submit.',
  Webhooks: 'Endpoints that receive signed event deliveries, their secrets and delivery history.',
  'API keys': "Your company's API keys (keys:admin): mint, rotate, restrict and revoke.",
  GDPR: 'Data-subject access, portability and erasure for one email address (gdpr:admin, live keys only).',
};

const describedTags = (endpoints: readonly Endpoint[]) =>
  [...new Set(endpoints.map((e) => e.tag))].map((name) => ({
    name,
    ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
  }));

/** The OpenAPI 3.1 document of the given endpoints: each definition becomes one operation; nothing is hand-written. */
export type { OpenApiObject } from './openapi-object';

export function buildOpenApiDocument(endpoints: readonly Endpoint[], options: DocumentOptions): OpenApiObject {
  const schemas = new SchemaCollector();
  schemas.convert(ErrorEnvelope, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    const method = endpoint.method.toLowerCase();
    if (item[method]) throw new Error(`Two definitions of ${endpoint.method} ${endpoint.path}`);
    item[method] = buildOperation(endpoint as DocumentedEndpoint, schemas);
  }
  const tags = describedTags(endpoints);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Battery Passport Service Integration API',
      version: '1.0.0',
      summary: 'Headless authoring of EU battery passports.',
      description: apiDescription(options),
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: options.baseUrl, description: 'This service.' }],
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pk_live_… or pk_test_… API key',
          description: 'The API key as a bearer token.',
        },
      },
      schemas: schemas.components,
      parameters: HEADER_PARAMETERS,
      headers: HEADER_COMPONENTS,
      examples: errorExamples(endpoints.flatMap(errorCodesOf)),
    },
  };
}

/** The address and limits the served document states, from the configuration. */
export function servedDocumentOptions(): DocumentOptions {
  const cfg = config();
  return {
    baseUrl: cfg.BASE_URL,
    perKeyPerMinute: cfg.RATE_LIMIT_API_KEY_PER_MINUTE,
    edgePerMinute: cfg.RATE_LIMIT_EDGE_PER_MINUTE,
  };
}

/** The served document, built once per process. */
export const openApiDocument = builtOnce(() => buildOpenApiDocument(INTEGRATION_ENDPOINTS, servedDocumentOptions()));
