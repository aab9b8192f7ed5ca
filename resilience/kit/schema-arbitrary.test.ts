// The fuzzing suite's generators against the two documents as the service builds them (no service needed): what
// they call valid the documents accept, what they call invalid the documents refuse, and the validator agrees with
// the documents' own examples.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BMS_LIMITS } from '../../lib/bms/openapi/description';
import { buildBmsOpenApiDocument } from '../../lib/bms/openapi/document';
import { INTEGRATION_ENDPOINTS } from '../../lib/integration/api/index';
import { buildOpenApiDocument } from '../../lib/integration/openapi/document';
import { operationName, operationsOf } from './operations';
import { SchemaArbitraries } from './schema-arbitrary';

const documents = {
  integration: buildOpenApiDocument(INTEGRATION_ENDPOINTS, {
    baseUrl: 'http://localhost:3000',
    perKeyPerMinute: 100,
    edgePerMinute: 120,
  }),
  bms: buildBmsOpenApiDocument({
    ...DEFAULT_BMS_LIMITS,
    baseUrl: 'http://localhost:3000',
    edgePerMinute: 120,
    perSecretPerSecond: 20,
  }),
};
const operations = [...operationsOf(documents.integration, 'integration'), ...operationsOf(documents.bms, 'bms')];
const withJsonBody = operations.filter((op) => op.body?.contentType === 'application/json');

describe('schema arbitraries', () => {
  it('reads every operation of both documents, each with its documented answers', () => {
    expect(withJsonBody.length).toBeGreaterThan(15);
    for (const op of operations)
      expect(
        [...op.responses.keys()].some((s) => s < 300),
        operationName(op),
      ).toBe(true);
  });

  it('generates bodies the documents accept, and the documented examples are accepted too', () => {
    for (const op of withJsonBody) {
      const sa = new SchemaArbitraries(documents[op.surface]);
      if (op.body!.example !== undefined)
        expect(sa.accepts(op.body!.schema, op.body!.example), `${operationName(op)} example`).toBe(true);
      for (const value of fc.sample(sa.valid(op.body!.schema), { seed: 1, numRuns: 40 })) {
        expect(sa.accepts(op.body!.schema, value), `${operationName(op)}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it('generates refused bodies, each naming what was broken; BMS formDataPatch members are marked as dropped', () => {
    let lenient = 0;
    for (const op of withJsonBody) {
      const sa = new SchemaArbitraries(documents[op.surface]);
      const invalid = sa.invalid(op.body!.schema);
      expect(invalid, operationName(op)).not.toBeNull();
      for (const m of fc.sample(invalid!, { seed: 2, numRuns: 40 })) {
        expect(sa.accepts(op.body!.schema, m.value), `${operationName(op)}: ${m.mutation}`).toBe(false);
        expect(m.mutation).toMatch(/: /);
        if (m.lenientKey) lenient++;
        if (m.lenientKey) expect(m.mutation.startsWith(`formDataPatch.${m.lenientKey}`)).toBe(true);
      }
    }
    expect(lenient).toBeGreaterThan(0);
  });

  it('judges the keywords the documents use', () => {
    const sa = new SchemaArbitraries({});
    const schema = {
      type: 'object',
      required: ['a'],
      additionalProperties: false,
      minProperties: 1,
      properties: {
        a: { type: 'integer', minimum: 1, maximum: 3 },
        b: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] },
        c: { type: 'string', pattern: '^[A-Z]{2}$' },
      },
    };
    expect(sa.accepts(schema, { a: 2, b: null, c: 'FI' })).toBe(true);
    expect(sa.accepts(schema, { a: 2, b: '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f' })).toBe(true);
    for (const bad of [{}, { a: 0 }, { a: 2.5 }, { a: 2, b: 'x' }, { a: 2, c: 'fi' }, { a: 2, d: 1 }, { a: '2' }])
      expect(sa.accepts(schema, bad), JSON.stringify(bad)).toBe(false);
    expect(sa.accepts({ type: 'string', format: 'date' }, '2026-02-30')).toBe(false);
    expect(sa.accepts({ type: 'string', format: 'date-time' }, '2026-02-28T10:00:00Z')).toBe(true);
  });
});
