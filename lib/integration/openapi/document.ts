import { config } from '../../config';
import { ErrorEnvelope } from '../api/common';
import { INTEGRATION_ENDPOINTS } from '../api/index';
import type { Endpoint } from '../endpoint';
import { apiDescription, type DescriptionLimits } from './description';
import type { DocumentedEndpoint } from './endpoint-docs';
import { errorCodesOf, errorExamples } from './errors';
import { HEADER_COMPONENTS, HEADER_PARAMETERS } from './headers';
import { SchemaCollector } from './json-schema';
import { buildOperation } from './operation';

export interface DocumentOptions extends DescriptionLimits {
  baseUrl: string;
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Service: 'Health and this description; no credentials.',
  Discovery: 'Your key, the industries and the battery categories.',
  'Field schemas': 'Category field schemas, their diffs and ERP templates.',
  Suppliers: 'Suppliers your company owns or is linked to.',
};

/** The OpenAPI 3.1 document of the given endpoints: each definition becomes one operation; nothing is hand-written. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[], options: DocumentOptions): Record<string, any> {
  const schemas = new SchemaCollector();
  schemas.convert(ErrorEnvelope, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    const method = endpoint.method.toLowerCase();
    if (item[method]) throw new Error(`Two definitions of ${endpoint.method} ${endpoint.path}`);
    item[method] = buildOperation(endpoint as DocumentedEndpoint, schemas);
  }
  const tags = [...new Set(endpoints.map((e) => e.tag))].map((name) => ({
    name,
    ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
  }));
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

let cached: { json: string; document: Record<string, any> } | undefined;

/** The served document, built once per process: the definitions and the configuration never change at run time. */
export function openApiDocument(): { json: string; document: Record<string, any> } {
  if (!cached) {
    const cfg = config();
    const document = buildOpenApiDocument(INTEGRATION_ENDPOINTS, {
      baseUrl: cfg.BASE_URL,
      perKeyPerMinute: cfg.RATE_LIMIT_API_KEY_PER_MINUTE,
      edgePerMinute: cfg.RATE_LIMIT_EDGE_PER_MINUTE,
    });
    cached = { json: JSON.stringify(document), document };
  }
  return cached;
}
