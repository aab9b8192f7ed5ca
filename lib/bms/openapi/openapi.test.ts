import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../http/error-codes';
import { BMS_SECRET_PER_SECOND, policiesFromConfig } from '../../http/rate-limit/policies';
import { BMS_DYNAMIC_FIELD_IDS } from '../../schema/fields/dynamic';
import { BMS_UPDATE_PATH, LIFETIME_COUNTER_NAMES } from '../schemas';
import { buildBmsOpenApiDocument } from './document';

type ParserInput = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;

const doc = buildBmsOpenApiDocument({
  baseUrl: 'https://passports.example.com',
  perSecretPerSecond: BMS_SECRET_PER_SECOND,
  edgePerMinute: 120,
});
const update = doc.paths[BMS_UPDATE_PATH].post;
const deref = (value: any): any =>
  value && typeof value.$ref === 'string'
    ? value.$ref
        .slice(2)
        .split('/')
        .reduce((node: any, part: string) => node?.[part], doc)
    : value;

describe('the BMS OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as ParserInput)).resolves.toBeTruthy();
  });

  it('documents the secret, the signature header and its canonical string', () => {
    expect(update.security).toEqual([{ bmsSecret: [] }]);
    expect(doc.components.securitySchemes.bmsSecret).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Service-BMS-Secret',
    });
    const signature = update.parameters.map(deref).find((p: any) => p.name === 'X-Service-Signature');
    expect(signature).toMatchObject({ in: 'header', required: true });
    expect(signature.description).toContain('`<timestamp>.<rawBody>`');
    expect(doc.info.description).toContain('<timestamp>.<rawBody>');
    expect(doc.paths['/api/v1/bms/openapi.json'].get.security).toEqual([]);
  });

  it('lists every BMS error code under its status with the {code, error} body and an example', () => {
    for (const code of [
      'BAD_BODY',
      'MISSING_SECRET',
      'BAD_SECRET',
      'BAD_SIGNATURE',
      'FORBIDDEN',
      'NOT_FOUND',
      'PRODUCT_WITHDRAWN',
      'RATE_LIMITED',
      'INTERNAL',
      'FEATURE_FLAG_OFF',
    ] as const) {
      const response = update.responses[String(ERROR_CODES[code].status)];
      expect(response['x-error-codes'], code).toContain(code);
      expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/BmsError' });
      expect(response.content['application/json'].examples[code].value).toMatchObject({
        code,
        error: expect.any(String),
      });
      expect(Object.keys(response.headers)).toContain('X-Request-Id');
    }
    expect(update.responses['401'].content['application/json'].examples.BAD_SIGNATURE.value.reason).toBe('mismatch');
    expect(Object.keys(update.responses['429'].headers)).toContain('Retry-After');
    expect(deref(doc.components.schemas.BmsError).properties.reason.enum).toEqual([
      'missing',
      'malformed',
      'outside_window',
      'mismatch',
      'replayed',
    ]);
  });

  it('documents the 22 whitelisted keys, the seven counters and the 200 body', () => {
    const patch = doc.components.schemas.FormDataPatch;
    expect(Object.keys(patch.properties)).toEqual([...BMS_DYNAMIC_FIELD_IDS]);
    expect(patch['x-whitelist']).toEqual([...BMS_DYNAMIC_FIELD_IDS]);
    const counters = doc.components.schemas.LifetimeCounters;
    expect(Object.keys(counters.properties)).toEqual(LIFETIME_COUNTER_NAMES);
    expect(counters.additionalProperties).toBe(false);
    const body = deref(update.requestBody.content['application/json'].schema);
    expect(Object.keys(body.properties)).toEqual(['formDataPatch', 'lifetimeCounters']);
    const ok = deref(update.responses['200'].content['application/json'].schema);
    expect(ok.required).toEqual(['ok', 'productId', 'appliedKeys', 'rejectedKeys', 'counterUpdated']);
  });

  it('states the rate budget the limiter enforces', () => {
    const policy = policiesFromConfig({
      RATE_LIMIT_EDGE_PER_MINUTE: 120,
      RATE_LIMIT_DPP_PER_MINUTE: 100,
      RATE_LIMIT_API_KEY_PER_MINUTE: 100,
      RATE_LIMIT_BMS_PER_SECOND: BMS_SECRET_PER_SECOND,
    }).bmsSecret;
    expect(policy).toEqual({ limit: BMS_SECRET_PER_SECOND, windowSeconds: 1 });
    expect(doc.info.description).toContain(`${BMS_SECRET_PER_SECOND} requests per second per secret`);
    expect(doc['x-rate-limit']).toEqual({ perSecretPerSecond: BMS_SECRET_PER_SECOND, edgePerMinutePerAddress: 120 });
  });
});
