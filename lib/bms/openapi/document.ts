import { config } from '../../config';
import { BMS_OPENAPI_PATH } from '../../http/surface';
import { SchemaCollector } from '../../integration/openapi/json-schema';
import { builtOnce, type OpenApiObject } from '../../integration/openapi/openapi-object';
import { BMS_UPDATE_PATH, BmsErrorBody, BmsUpdateBody, BmsUpdateResult } from '../schemas';
import { type BmsLimits, bmsDescription, DEFAULT_BMS_LIMITS } from './description';
import { BMS_ERRORS, bmsErrorResponses } from './errors';
import { formDataPatchSchema } from './whitelist';

export interface BmsDocumentOptions extends BmsLimits {
  baseUrl: string;
}

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const integer = { type: 'integer', minimum: 0 };

const HEADERS: Record<string, unknown> = {
  RequestId: {
    description: 'Id of this request; quote it when asking for support.',
    schema: { type: 'string', format: 'uuid' },
  },
  RateLimitLimit: {
    description: 'Requests allowed in the current window of the tightest limit that applied.',
    schema: integer,
  },
  RateLimitRemaining: { description: 'Requests left in that window.', schema: integer },
  RateLimitReset: { description: 'Seconds until that window resets (delta-seconds).', schema: integer },
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: integer },
};

function responseHeaders(status: number): Record<string, unknown> {
  const headers: Record<string, unknown> = {
    'X-Request-Id': header('RequestId'),
    'RateLimit-Limit': header('RateLimitLimit'),
    'RateLimit-Remaining': header('RateLimitRemaining'),
    'RateLimit-Reset': header('RateLimitReset'),
  };
  if (status === 429) headers['Retry-After'] = header('RetryAfter');
  return headers;
}

const SIGNATURE_PARAMETER = {
  name: 'X-Service-Signature',
  in: 'header',
  required: true,
  description:
    '`t=<unix seconds>, v1=<hex>`: HMAC-SHA256 keyed with the plaintext BMS secret over `<timestamp>.<rawBody>`.',
  schema: { type: 'string', pattern: '^t=\\d+, ?v1=[0-9a-f]{64}$' },
  example: 't=1763893800, v1=7e4d6f0f8a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5',
};

const EXAMPLE_UPDATE = {
  formDataPatch: { current_soh_pct: 96.5, soh_last_updated: '2026-11-20T08:15:00Z', current_cycle_count: 212 },
  lifetimeCounters: { totalEnergyThroughputKwh: 15800, deepDischargeEvents: 0, timeAtTempExtremeHighSec: null },
};

/** The BMS endpoint's own OpenAPI 3.1 document: schemas from the zod definitions the endpoint parses with. */
export function buildBmsOpenApiDocument(options: BmsDocumentOptions): OpenApiObject {
  const schemas = new SchemaCollector();
  const body = schemas.convert(BmsUpdateBody, 'input');
  const result = schemas.convert(BmsUpdateResult, 'output');
  schemas.convert(BmsErrorBody, 'output');
  schemas.components.FormDataPatch = formDataPatchSchema();
  Object.assign(schemas.components.BmsUpdate!, { minProperties: 1, example: EXAMPLE_UPDATE });
  const update = {
    operationId: 'bmsUpdate',
    summary: 'Report telemetry for one battery',
    description:
      'Merges whitelisted dynamic form fields and upserts the seven lifetime counters of one product, in one transaction.',
    tags: ['Telemetry'],
    security: [{ bmsSecret: [] }],
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'The product UUID (a malformed one answers 404 NOT_FOUND).',
        schema: { type: 'string', format: 'uuid' },
      },
      { $ref: '#/components/parameters/Signature' },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: body } } },
    responses: {
      '200': {
        description: 'Stored. `rejectedKeys` names every key that was dropped.',
        headers: responseHeaders(200),
        content: { 'application/json': { schema: result } },
      },
      ...bmsErrorResponses(BMS_ERRORS, responseHeaders),
    },
  };
  const spec = {
    operationId: 'bmsOpenApi',
    summary: 'This document',
    tags: ['Telemetry'],
    security: [],
    description: 'No credentials. Follows the BMS ingestion flag like the endpoint it describes.',
    responses: {
      '200': {
        description: 'The OpenAPI 3.1 document.',
        headers: responseHeaders(200),
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      ...bmsErrorResponses(
        BMS_ERRORS.filter((e) => e.code === 'RATE_LIMITED' || e.code === 'FEATURE_FLAG_OFF'),
        responseHeaders,
      ),
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Battery Passport Service BMS telemetry',
      version: '1.0.0',
      summary: 'Signed telemetry from battery-management systems.',
      description: bmsDescription(options),
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: options.baseUrl, description: 'This service.' }],
    tags: [{ name: 'Telemetry', description: 'The BMS update and its description.' }],
    paths: { [BMS_UPDATE_PATH]: { post: update }, [BMS_OPENAPI_PATH]: { get: spec } },
    components: {
      securitySchemes: {
        bmsSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-BMS-Secret',
          description: 'The plaintext per-company BMS secret; the service stores only its SHA-256.',
        },
      },
      parameters: { Signature: SIGNATURE_PARAMETER },
      headers: HEADERS,
      schemas: schemas.components,
    },
    'x-rate-limit': { perSecretPerSecond: options.perSecretPerSecond, edgePerMinutePerAddress: options.edgePerMinute },
  };
}

/** The address and limits the served document states, from the configuration. */
export function servedBmsDocumentOptions(): BmsDocumentOptions {
  const cfg = config();
  return {
    ...DEFAULT_BMS_LIMITS,
    baseUrl: cfg.BASE_URL,
    edgePerMinute: cfg.RATE_LIMIT_EDGE_PER_MINUTE,
    perSecretPerSecond: cfg.RATE_LIMIT_BMS_PER_SECOND,
  };
}

/** The served document, built once per process. */
export const bmsOpenApiDocument = builtOnce(() => buildBmsOpenApiDocument(servedBmsDocumentOptions()));
