import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../http/error-codes';
import { INTEGRATION_ENDPOINTS } from '../api/index';
import { defineEndpoint, type Endpoint, isWrite } from '../endpoint';
import { buildOpenApiDocument, openApiDocument } from './document';

/** The document type swagger-parser declares (from its own `openapi-types` dependency). */
type ParserInput = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;

const options = { baseUrl: 'https://passports.example.com', perKeyPerMinute: 100, edgePerMinute: 120 };
const doc = buildOpenApiDocument(INTEGRATION_ENDPOINTS, options);

/** Follows a local `$ref` (`#/components/...`) the way a reader of the document would. */
function deref(value: any, document: any = doc): any {
  if (!value || typeof value.$ref !== 'string') return value;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce((node: any, part: string) => node?.[part.replaceAll('~1', '/')], document);
}

const label = (e: Endpoint) => `${e.method} ${e.path}`;
const operationOf = (e: Endpoint, document: any = doc) => document.paths[e.path]?.[e.method.toLowerCase()];
const parametersOf = (e: Endpoint, document: any = doc): any[] =>
  (operationOf(e, document).parameters ?? []).map((p: any) => deref(p, document));

/** The codes the contract and the route wrapper make every operation of this kind answer. */
function expectedCodes(e: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = ['RATE_LIMITED', 'INTERNAL_ERROR', 'FEATURE_DISABLED', ...(e.errors ?? [])];
  if (e.scope === null) return codes;
  codes.push('UNAUTHENTICATED', 'INVALID_API_KEY', 'FORBIDDEN_MODULE', 'FORBIDDEN_COMPANY', 'MODE_HEADER_MISMATCH');
  if (e.scope !== 'any') codes.push('FORBIDDEN_SCOPE');
  if (e.liveOnly) codes.push('CROSS_MODE_DENIED');
  if (isWrite(e.method))
    codes.push('INVALID_SIGNATURE', 'SIGNING_NOT_CONFIGURED', 'IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_IN_PROGRESS');
  if (e.body && typeof e.body === 'object') codes.push('INVALID_JSON', 'MALFORMED_BODY', 'VALIDATION_ERROR');
  // The write body limit (MALFORMED_BODY past it) applies to every write, bodyless ones and deletes too.
  if (isWrite(e.method) && e.body !== 'multipart') codes.push('MALFORMED_BODY');
  if (e.query) codes.push('VALIDATION_ERROR');
  if (e.path.includes('{id}')) codes.push('INVALID_ID', 'NOT_FOUND');
  return codes;
}

/** Each error code must sit under its own HTTP status, listed and with an example that references the Error schema. */
function expectErrorCodes(e: Endpoint, document: any = doc) {
  const responses = operationOf(e, document).responses;
  for (const code of expectedCodes(e)) {
    const response = deref(responses[String(ERROR_CODES[code].status)], document);
    expect(response, `${label(e)} answers ${code}`).toBeDefined();
    expect(response['x-error-codes'], `${label(e)} lists ${code}`).toContain(code);
    expect(response.description, `${label(e)} describes ${code}`).toContain(code);
    const media = response.content['application/json'];
    expect(media.schema.$ref ?? JSON.stringify(media.schema), `${label(e)} ${code} uses Error`).toContain(
      '#/components/schemas/Error',
    );
    expect(deref(media.examples[code], document).value.error.code).toBe(code);
  }
}

function expectHeaders(e: Endpoint, document: any = doc) {
  const names = parametersOf(e, document).filter((p) => p.in === 'header');
  const header = (name: string) => names.find((p) => p.name === name);
  if (e.scope === null) {
    expect(names, `${label(e)} takes no credentials headers`).toEqual([]);
    return;
  }
  expect(header('X-Service-Mode'), `${label(e)} documents X-Service-Mode`).toMatchObject({ required: false });
  expect(header('X-Service-Mode').description).toMatch(/pk_test_/);
  const success = operationOf(e, document).responses[String(e.response.status)];
  if (isWrite(e.method)) {
    expect(header('X-Service-Signature'), `${label(e)} needs the signature`).toMatchObject({ required: true });
    expect(header('Idempotency-Key'), `${label(e)} needs an Idempotency-Key`).toMatchObject({ required: true });
    expect(Object.keys(success.headers)).toContain('Idempotent-Replayed');
  } else {
    expect(header('X-Service-Signature')).toBeUndefined();
    expect(header('Idempotency-Key')).toBeUndefined();
  }
  expect(Object.keys(success.headers)).toEqual(
    expect.arrayContaining([
      'X-Service-Request-Id',
      'X-Service-Mode',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Warning',
    ]),
  );
}

function expectParameters(e: Endpoint, document: any = doc) {
  const parameters = parametersOf(e, document);
  for (const [, name] of e.path.matchAll(/\{([^}]+)\}/g)) {
    expect(
      parameters.find((p) => p.in === 'path' && p.name === name),
      `${label(e)} path parameter ${name}`,
    ).toMatchObject({ required: true });
  }
  if (!e.query) return;
  const query = z.toJSONSchema(e.query, { target: 'draft-2020-12', io: 'input' }) as any;
  const required = new Set(query.required ?? []);
  const inQuery = parameters.filter((p) => p.in === 'query');
  expect(inQuery.map((p) => p.name).sort(), `${label(e)} query parameters`).toEqual(
    Object.keys(query.properties ?? {}).sort(),
  );
  for (const p of inQuery) expect(p.required, `${label(e)} ?${p.name} required`).toBe(required.has(p.name));
}

function expectBody(e: Endpoint, document: any = doc) {
  const body = operationOf(e, document).requestBody;
  if (e.body === undefined || e.body === 'none') return expect(body, `${label(e)} has no body`).toBeUndefined();
  if (e.body === 'multipart') return expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
  const media = body.content['application/json'];
  expect(media.schema, `${label(e)} body schema`).toBeDefined();
  const meta = z.globalRegistry.get(e.body);
  const own = meta?.example ?? (Array.isArray(meta?.examples) ? meta.examples[0] : undefined);
  if (own !== undefined) return expect(media.example, `${label(e)} body example`).toEqual(own);
  const members = (z.toJSONSchema(e.body, { target: 'draft-2020-12', io: 'input' }) as any).properties ?? {};
  for (const [name, member] of Object.entries<any>(members)) {
    if (member.example !== undefined)
      expect(media.example?.[name], `${label(e)} example of ${name}`).toEqual(member.example);
  }
}

function expectOperation(e: Endpoint, document: any = doc) {
  const operation = operationOf(e, document);
  expect(operation, `${label(e)} is in the document`).toBeDefined();
  expect(operation).toMatchObject({
    operationId: e.operationId,
    summary: e.summary,
    tags: [e.tag],
    'x-required-scope': e.scope,
  });
  expect(operation.security).toEqual(e.scope === null ? [] : [{ bearerAuth: [] }]);
  if (e.scope && e.scope !== 'any') expect(operation.description).toContain(`\`${e.scope}\``);
  const success = operation.responses[String(e.response.status)];
  expect(success, `${label(e)} success answer`).toBeDefined();
  if (e.response.schema && e.response.status !== 204)
    expect(success.content[e.response.contentType ?? 'application/json'].schema).toBeDefined();
  expect(Object.keys(deref(operation.responses['429'], document).headers)).toContain('Retry-After');
  expectErrorCodes(e, document);
  expectHeaders(e, document);
  expectParameters(e, document);
  expectBody(e, document);
}

describe('the generated OpenAPI document', () => {
  it('is a valid OpenAPI 3.1.0 document (swagger-parser)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as ParserInput)).resolves.toBeDefined();
  });

  it('describes every entry of INTEGRATION_ENDPOINTS with its scope, error codes, write headers, parameters and body example', () => {
    expect(INTEGRATION_ENDPOINTS.length).toBeGreaterThan(0);
    for (const endpoint of INTEGRATION_ENDPOINTS) expectOperation(endpoint);
    const operations = Object.values(doc.paths).flatMap((item: any) => Object.values(item));
    expect(operations).toHaveLength(INTEGRATION_ENDPOINTS.length);
    const ids = INTEGRATION_ENDPOINTS.map((e) => e.operationId);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
  });

  it('includes the unauthenticated health and OpenAPI operations with no security', () => {
    for (const path of ['/api/v1/health', '/api/v1/openapi.json']) {
      expect(doc.paths[path].get).toMatchObject({ security: [], 'x-required-scope': null });
    }
    const health503 = doc.paths['/api/v1/health'].get.responses['503'];
    expect(health503['x-error-codes']).toEqual(['FEATURE_DISABLED']);
    expect(health503.content['application/json'].schema.oneOf).toHaveLength(2);
  });

  it('names the server, the bearer scheme and the shared Error schema', () => {
    expect(doc.servers).toEqual([{ url: options.baseUrl, description: expect.any(String) }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message', 'requestId']);
  });

  it('explains authentication, signing, idempotency, sandbox, limits and paging, and attributes the Battery Pass model', () => {
    const text: string = doc.info.description;
    for (const needle of [
      '<timestamp>.<METHOD>.<pathWithQuery>.<sha256hex(raw body)>',
      't=<unix seconds>, v1=<hex>',
      '300 s',
      '60 s',
      '24 hours',
      'Idempotent-Replayed: true',
      'KEY_REUSED',
      'X-Service-Mode: test',
      '100 requests per minute per key',
      'RateLimit-Reset',
      'Retry-After',
      'nextCursor',
      'three independent layers',
      'CC BY 4.0',
      'Battery Pass',
    ]) {
      expect(text, needle).toContain(needle);
    }
  });

  it('is built once per process and taken from the configuration', () => {
    const first = openApiDocument();
    expect(openApiDocument()).toBe(first);
    expect(first.document.servers[0].url).toBe(process.env.BASE_URL);
    expect(JSON.parse(first.json)).toEqual(first.document);
  });
});

describe('operations of every kind', () => {
  // Synthetic definitions, so each kind is covered even before the products and relations lists hold one.
  const Body = z.object({ name: z.string().meta({ example: 'Aurora' }), count: z.number().int().optional() });
  const kinds: Endpoint[] = [
    defineEndpoint({
      method: 'POST',
      path: '/api/v1/things',
      operationId: 'createThing',
      summary: 'Create',
      tag: 'T',
      scope: 'dpp:draft:write',
      body: Body,
      response: { status: 201, description: 'Created', schema: Body },
      errors: ['NAME_IN_USE'],
    }),
    defineEndpoint({
      method: 'POST',
      path: '/api/v1/things/{id}/act',
      operationId: 'act',
      summary: 'Act',
      tag: 'T',
      scope: 'dpp:submit',
      body: 'none',
      response: { status: 204, description: 'Done' },
    }),
    defineEndpoint({
      method: 'POST',
      path: '/api/v1/things/{id}/file',
      operationId: 'upload',
      summary: 'Upload',
      tag: 'T',
      scope: 'document:write',
      body: 'multipart',
      response: { status: 201, description: 'Stored' },
      errors: ['FILE_REQUIRED'],
    }),
    defineEndpoint({
      method: 'DELETE',
      path: '/api/v1/things/{id}',
      operationId: 'remove',
      summary: 'Remove',
      tag: 'T',
      scope: 'mapping:write',
      liveOnly: true,
      response: { status: 204, description: 'Gone' },
    }),
    defineEndpoint({
      method: 'GET',
      path: '/api/v1/things',
      operationId: 'listThings',
      summary: 'List',
      tag: 'T',
      scope: 'any',
      query: z.object({ q: z.string().describe('Search.'), limit: z.coerce.number().default(5) }),
      response: { status: 200, description: 'Page', schema: z.object({ data: z.array(Body) }) },
    }),
  ];
  const synthetic = buildOpenApiDocument(kinds, options);

  it('validates and documents writes, bodyless writes, multipart uploads, live-only deletes and queries', async () => {
    await expect(SwaggerParser.validate(structuredClone(synthetic) as ParserInput)).resolves.toBeDefined();
    for (const endpoint of kinds) expectOperation(endpoint, synthetic);
    expect(synthetic.paths['/api/v1/things'].post.requestBody.content['application/json'].example).toEqual({
      name: 'Aurora',
    });
    expect(synthetic.paths['/api/v1/things/{id}'].delete['x-live-only']).toBe(true);
    expect(synthetic.paths['/api/v1/things/{id}/act'].post.responses['400']['x-error-codes']).toContain(
      'MALFORMED_BODY',
    );
    expect(synthetic.paths['/api/v1/things/{id}'].delete.responses['400']['x-error-codes']).toContain('MALFORMED_BODY');
    expect(synthetic.paths['/api/v1/things/{id}/file'].post.responses['400']['x-error-codes']).not.toContain(
      'MALFORMED_BODY',
    );
  });
});
