import { afterAll, describe, expect, it } from 'vitest';
import { call, executions, noBodyRoute, signedWrite, tenant } from '../../testing/integration-route';
import { disconnectPrisma } from '../db/client';

afterAll(() => disconnectPrisma());

describe('promise 4: the body of a write', () => {
  it('answers 400 INVALID_JSON for a body that does not parse, executing nothing', async () => {
    const { company, key } = await tenant();
    for (const rawBody of ['{"name": "a"', "{'name': 'a'}", '{"name": "a"} trailing', '\u00ff\u00fe']) {
      const res = await signedWrite(key, { rawBody });
      expect([res.status, res.body.error.code], rawBody).toEqual([400, 'INVALID_JSON']);
    }
    const notUtf8 = Uint8Array.from([
      ...new TextEncoder().encode('{"name":"'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ]);
    const res = await signedWrite(key, { rawBody: notUtf8 });
    expect([res.status, res.body.error.code]).toEqual([400, 'INVALID_JSON']);
    expect(await executions(company.id)).toBe(0);
  });

  it('answers 400 MALFORMED_BODY for an array, a scalar, a non-JSON content type and an empty body', async () => {
    const { company, key } = await tenant();
    const cases = [
      { rawBody: '[{"name":"a"}]' },
      { rawBody: '"name"' },
      { rawBody: 'null' },
      { rawBody: '{"name":"a"}', contentType: 'text/plain' },
      { rawBody: '{"name":"a"}', contentType: 'application/x-www-form-urlencoded' },
      { rawBody: '' },
      { rawBody: '   ' },
    ];
    for (const c of cases) {
      const res = await signedWrite(key, c);
      expect([res.status, res.body.error.code], JSON.stringify(c)).toEqual([400, 'MALFORMED_BODY']);
    }
    expect(await executions(company.id)).toBe(0);
    for (const contentType of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      // Distinct bodies: the same signed bytes in the same second with another key would be a replayed signature.
      expect((await signedWrite(key, { body: { name: `typed ${contentType}` }, contentType })).status).toBe(201);
    }
  });

  it('answers 400 VALIDATION_ERROR with details.issues naming the members, never echoing the values', async () => {
    const { company, key } = await tenant();
    const secretish = 'SN-SECRET-VALUE-7f3a';
    const res = await signedWrite(key, { body: { name: 'x'.repeat(41), quantity: -987654, serial: secretish } });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const paths = res.body.error.details.issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(['name', 'quantity', 'serial']);
    for (const issue of res.body.error.details.issues)
      expect(Object.keys(issue).sort()).toEqual(['code', 'message', 'path']);
    expect(res.text).not.toContain(secretish);
    expect(res.text).not.toContain('x'.repeat(41));
    // A value no request id (hex and dashes) can contain by chance.
    expect(res.text).not.toContain('-987654');
    expect((await signedWrite(key, { body: {} })).body.error.details.issues[0].path).toBe('name');
    expect(await executions(company.id)).toBe(0);
  });

  it('refuses any body naming companyId, at the top level or nested at any depth', async () => {
    const { company, key } = await tenant();
    let deep: Record<string, unknown> = { companyId: company.id };
    for (let i = 0; i < 40; i++) deep = { level: deep };
    const bodies = [
      { name: 'a', companyId: company.id },
      { name: 'a', details: { owner: { companyId: company.id } } },
      { name: 'a', details: { list: [{ companyId: null }] } },
      { name: 'a', details: deep },
    ];
    for (const body of bodies) {
      const res = await signedWrite(key, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues[0].path).toBe('companyId');
      expect(res.text).not.toContain(company.id);
    }
    expect(await executions(company.id)).toBe(0);
  });

  it("accepts nothing or {} on a body: 'none' endpoint and refuses anything else", async () => {
    const { company, key } = await tenant();
    const act = (rawBody: string | undefined) =>
      call(noBodyRoute, {
        path: '/api/v1/probe/act',
        apiKey: key.key,
        signingSecret: key.signingSecret,
        rawBody,
        contentType: rawBody ? 'application/json' : null,
      });
    expect((await act(undefined)).status).toBe(204);
    expect((await act('{}')).status).toBe(204);
    expect((await act(' { } ')).status).toBe(204);
    const refused = await act('{"name":"a"}');
    expect([refused.status, refused.body.error.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(await executions(company.id)).toBe(3);
  });
});
