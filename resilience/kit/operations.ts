// The operations an OpenAPI document lists, read the way a client reads them: path and query parameters with
// their schemas, the request body, the credentials each needs, and every status and error code it may answer.
import type { JsonSchema } from './schema-arbitrary';

export type Surface = 'integration' | 'bms';

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  surface: Surface;
  method: string;
  /** The path template, `/api/v1/products/{id}`. */
  template: string;
  operationId: string;
  /** `x-required-scope`: null = no credentials, `any` = any valid key. BMS: `bms` when the secret is needed. */
  scope: string | null;
  /** Signed write (Integration: X-Service-Signature and Idempotency-Key parameters; BMS: the signature). */
  signed: boolean;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  body?: { contentType: 'application/json' | 'multipart/form-data'; schema: JsonSchema; example?: unknown };
  /** Documented answers: status → error codes (empty for a success) and media types. */
  responses: Map<number, { codes: Set<string>; media: string[] }>;
}

export const operationName = (op: Pick<Operation, 'method' | 'template'>) => `${op.method} ${op.template}`;

function parameterOf(document: JsonSchema, raw: JsonSchema): JsonSchema {
  if (typeof raw.$ref !== 'string') return raw;
  return (
    raw.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: any, part: string) => node?.[part], document) ?? raw
  );
}

/** Every path and method of a served document. */
export function operationsOf(document: JsonSchema, surface: Surface): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries<JsonSchema>(document.paths ?? {})) {
    for (const [method, op] of Object.entries<JsonSchema>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = ((op.parameters ?? []) as JsonSchema[]).map((p) => parameterOf(document, p));
      const pick = (where: string) =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name as string,
            required: p.required === true,
            schema: (p.schema ?? {}) as JsonSchema,
          }));
      const headerNames = parameters.filter((p) => p.in === 'header').map((p) => String(p.name).toLowerCase());
      const content = (op.requestBody?.content ?? {}) as Record<string, JsonSchema>;
      const bodyType = content['application/json']
        ? 'application/json'
        : content['multipart/form-data']
          ? 'multipart/form-data'
          : undefined;
      const responses = new Map<number, { codes: Set<string>; media: string[] }>();
      for (const [status, answer] of Object.entries<JsonSchema>(op.responses ?? {})) {
        responses.set(Number(status), {
          codes: new Set((answer['x-error-codes'] ?? []) as string[]),
          media: Object.keys(answer.content ?? {}),
        });
      }
      const security = (op.security ?? document.security ?? []) as JsonSchema[];
      const bms = surface === 'bms' && security.some((s) => 'bmsSecret' in s);
      operations.push({
        surface,
        method: method.toUpperCase(),
        template,
        operationId: String(op.operationId ?? `${method} ${template}`),
        scope: surface === 'bms' ? (bms ? 'bms' : null) : ((op['x-required-scope'] ?? null) as string | null),
        signed: headerNames.includes('x-service-signature'),
        pathParameters: pick('path'),
        queryParameters: pick('query'),
        ...(bodyType
          ? {
              body: {
                contentType: bodyType,
                schema: content[bodyType]!.schema as JsonSchema,
                example: content[bodyType]!.example,
              },
            }
          : {}),
        responses,
      });
    }
  }
  return operations;
}
