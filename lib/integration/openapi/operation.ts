import type { z } from 'zod';
import { isWrite } from '../endpoint';
import type { DocumentedEndpoint } from './endpoint-docs';
import { errorResponses, pathParameterNames } from './errors';
import { headerParameters, responseHeaders } from './headers';
import { exampleOf, type JsonSchema, type SchemaCollector } from './json-schema';
import type { OpenApiObject } from './openapi-object';

const PATH_PARAMETERS: Record<string, { description: string; schema: JsonSchema }> = {
  id: {
    description: 'Resource id (UUID); a malformed one answers 400 `INVALID_ID`.',
    schema: { type: 'string', format: 'uuid' },
  },
  code: {
    description: 'Category code, as listed by `GET /api/v1/categories`.',
    schema: { type: 'string', examples: ['EV_BATTERY'] },
  },
};

function pathParameters(path: string) {
  return pathParameterNames(path).map((name) => ({
    name,
    in: 'path',
    required: true,
    ...(PATH_PARAMETERS[name] ?? { description: `The ${name} of the resource.`, schema: { type: 'string' } }),
  }));
}

/** One query parameter per member of the endpoint's query schema, with its own schema, description and example. */
function queryParameters(query: z.ZodType | undefined, schemas: SchemaCollector) {
  if (!query) return [];
  const object = schemas.resolve(schemas.convert(query, 'input'));
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).map(([name, member]) => {
    const { description, example, ...schema } = member;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema,
      ...(example === undefined ? {} : { example }),
    };
  });
}

function content(contentType: string, schema: JsonSchema, schemas: SchemaCollector) {
  const example = exampleOf(schema, schemas);
  return { [contentType]: { schema, ...(example === undefined ? {} : { example }) } };
}

function requestBody(endpoint: DocumentedEndpoint, schemas: SchemaCollector) {
  const { body } = endpoint;
  if (body === undefined || body === 'none') return undefined;
  if (body === 'multipart') {
    const parts = endpoint.docs?.multipartParts;
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    const described = parts ? schemas.resolve(schemas.convert(parts, 'input')) : undefined;
    const properties = (described?.properties ?? {}) as Record<string, object>;
    const schema = described
      ? { ...described, properties: { ...properties, file: { ...properties.file, ...file } } }
      : { type: 'object', properties: { file }, required: ['file'] };
    return {
      required: true,
      description: 'multipart/form-data with a `file` part; the signature covers the entire raw multipart body.',
      content: { 'multipart/form-data': { schema, encoding: { file: { contentType: 'application/octet-stream' } } } },
    };
  }
  return { required: true, content: content('application/json', schemas.convert(body, 'input'), schemas) };
}

function successResponse(endpoint: DocumentedEndpoint, schemas: SchemaCollector) {
  const { status, description, schema, contentType = 'application/json' } = endpoint.response;
  const media: Record<string, unknown> = schema ? content(contentType, schemas.convert(schema, 'output'), schemas) : {};
  for (const type of endpoint.docs?.binaryContent ?? []) media[type] = { schema: { type: 'string', format: 'binary' } };
  const binary = (endpoint.docs?.binaryContent?.length ?? 0) > 0;
  for (const [type, alt] of Object.entries(endpoint.docs?.alternateContent ?? {}))
    Object.assign(media, content(type, schemas.convert(alt.schema, 'output'), schemas));
  const responses: Record<string, unknown> = {
    [String(status)]: {
      description,
      headers: { ...responseHeaders(endpoint), ...endpoint.docs?.successHeaders },
      ...(status === 204 || (!schema && !binary) ? {} : { content: media }),
    },
  };
  for (const [other, answer] of Object.entries(endpoint.docs?.otherResponses ?? {})) {
    responses[other] = {
      description: answer.description,
      headers: responseHeaders(endpoint),
      content: content('application/json', schemas.convert(answer.schema, 'output'), schemas),
    };
  }
  return responses;
}

function accessNote(endpoint: DocumentedEndpoint): string {
  const lines = [
    endpoint.scope === null
      ? '**Credentials:** none.'
      : endpoint.scope === 'any'
        ? '**Scope:** any valid API key.'
        : `**Scope:** \`${endpoint.scope}\`.`,
  ];
  if (endpoint.scope !== null && isWrite(endpoint.method))
    lines.push('**Signed write:** send `X-Service-Signature` and a fresh `Idempotency-Key`.');
  if (endpoint.body === 'none') lines.push('No request body: the signature hashes the empty string.');
  if (endpoint.liveOnly) lines.push('**Live keys only:** a sandbox key gets 403 `CROSS_MODE_DENIED`.');
  return lines.join('\n\n');
}

/** A status both documented and an error status (health's 503): one response whose body is either. */
function mergeResponses(success: OpenApiObject, errors: OpenApiObject): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...errors, ...success };
  for (const status of Object.keys(success).filter((s) => s in errors)) {
    const [a, b] = [success[status], errors[status]];
    const json = {
      schema: { oneOf: [a.content['application/json'].schema, b.content['application/json'].schema] },
      examples: b.content['application/json'].examples,
    };
    merged[status] = {
      ...b,
      description: `${a.description}\n\nOr an error. ${b.description}`,
      content: { 'application/json': json },
    };
  }
  return Object.fromEntries(Object.entries(merged).sort(([x], [y]) => Number(x) - Number(y)));
}

/** The OpenAPI operation of one endpoint definition. */
export function buildOperation(endpoint: DocumentedEndpoint, schemas: SchemaCollector): Record<string, unknown> {
  const body = requestBody(endpoint, schemas);
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: [endpoint.description, accessNote(endpoint)].filter(Boolean).join('\n\n'),
    tags: [endpoint.tag],
    security: endpoint.scope === null ? [] : [{ bearerAuth: [] }],
    'x-required-scope': endpoint.scope,
    ...(endpoint.liveOnly ? { 'x-live-only': true } : {}),
    parameters: [
      ...pathParameters(endpoint.path),
      ...queryParameters(endpoint.query, schemas),
      ...headerParameters(endpoint),
    ],
    ...(body ? { requestBody: body } : {}),
    responses: mergeResponses(successResponse(endpoint, schemas), errorResponses(endpoint)),
  };
}
