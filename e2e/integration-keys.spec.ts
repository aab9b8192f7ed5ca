// HTTP contract of key management (/api/v1/keys, keys:admin keys only), through the integrator client: mint, list,
// read, change, rotate with a grace period, revoke (effective on the next request), re-secret, bulk-revoke, and
// the promise that a key or signing secret never shows up in a list or read answer.
import { randomInt } from 'node:crypto';
import type { ApiKey, MintedApiKey } from '../lib/client/keys';
import { expect, test } from '../testing/e2e/fixtures';
import { clientFor, db, newKey, newTenant, refusal } from '../testing/e2e/integration';

const uniqueName = (what = 'ERP') => `${what} ${randomInt(1e9)}`;

const admin = () => newTenant({ scopes: ['keys:admin'] });
const auditCount = (companyId: string, eventType: string) => db().auditLog.count({ where: { companyId, eventType } });
const mintBody = () => ({ name: uniqueName(), scopes: ['dpp:read' as const], mode: 'live' as const });

test.describe('POST /api/v1/keys', () => {
  test('mints a working key shown once (201, Location), audited once with the admin key as actor', async () => {
    const { company, key, client } = await admin();
    const res = await client.send<MintedApiKey>('POST', '/api/v1/keys', {
      body: { ...mintBody(), allowedCidrs: [], expiresInDays: 30 },
    });
    expect(res.status).toBe(201);
    const minted = res.data;
    expect(res.headers.get('location')).toBe(`/api/v1/keys/${minted.id}`);
    expect(minted).toMatchObject({
      scopes: ['dpp:read'],
      mode: 'live',
      status: 'active',
      allowedCidrs: [],
      rotatedFromId: null,
    });
    expect(minted.key).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(minted.signingSecret).toMatch(/^sk_/);
    expect(minted.key.startsWith(minted.displayPrefix)).toBe(true);
    expect((await clientFor(minted).send('GET', '/api/v1/products')).status).toBe(200);
    const audit = await db().auditLog.findMany({
      where: { companyId: company.id, eventType: 'ApiKeyMinted', actorId: key.id },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorRole: 'Integration', eventChannel: 'API' });
  });

  test('a live admin may mint sandbox keys', async () => {
    const { client } = await admin();
    const minted = await client.mintKey({ ...mintBody(), mode: 'test' });
    expect(minted.key).toMatch(/^pk_test_/);
    expect((await clientFor(minted).send('GET', '/api/v1/products')).status).toBe(200);
  });

  test('refuses privileged scopes with 400 VALIDATION_ERROR naming them, and mints nothing', async () => {
    const { company, client } = await admin();
    for (const scope of ['keys:admin', 'gdpr:admin'] as const) {
      const error = await refusal(client.mintKey({ ...mintBody(), scopes: [scope] }));
      expect([error.status, error.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(error.body.error.message).toContain(scope);
    }
    expect(await db().apiKey.count({ where: { companyId: company.id } })).toBe(1);
  });

  test('answers 422 PLAN_LIMIT at the plan quota of active keys', async () => {
    const { company, client } = await admin();
    await db().company.update({ where: { id: company.id }, data: { maxApiKeys: 2 } });
    await client.mintKey(mintBody());
    const error = await refusal(client.mintKey(mintBody()));
    expect([error.status, error.code]).toEqual([422, 'PLAN_LIMIT']);
  });

  test('a key without keys:admin gets 403 FORBIDDEN_SCOPE on every keys operation', async () => {
    const { client, key } = await newTenant();
    const attempts = [
      () => client.listKeys(),
      () => client.getKey(key.id),
      () => client.mintKey(mintBody()),
      () => client.revokeKey(key.id),
      () => client.bulkRevokeKeys({ all: true }),
    ];
    for (const attempt of attempts) {
      const error = await refusal(attempt());
      expect([error.status, error.code]).toEqual([403, 'FORBIDDEN_SCOPE']);
    }
  });
});

test.describe('GET /api/v1/keys and /api/v1/keys/{id}', () => {
  test('lists and reads keys without ever answering a key or signing secret', async () => {
    const { client } = await admin();
    const minted = [await client.mintKey(mintBody()), await client.mintKey({ ...mintBody(), mode: 'test' })];
    const rotated = await client.rotateKey(minted[0].id, { graceHours: 1 });
    const secret = await client.rotateSigningSecret(minted[1].id);
    const secrets = [
      ...minted.flatMap((m) => [m.key, m.signingSecret]),
      rotated.key,
      rotated.signingSecret,
      secret.signingSecret,
    ];
    const answers: string[] = [];
    const read = async (path: string, query?: Record<string, string>) => {
      const res = await client.send('GET', path, { query });
      expect(res.status).toBe(200);
      answers.push(JSON.stringify(res.data), JSON.stringify([...res.headers]));
      return res.data;
    };
    const page = (await read('/api/v1/keys')) as { data: ApiKey[] };
    expect(page.data).toHaveLength(4);
    for (const status of ['active', 'grace', 'expired', 'revoked']) await read('/api/v1/keys', { status });
    for (const k of page.data) await read(`/api/v1/keys/${k.id}`);
    for (const k of page.data)
      expect(Object.keys(k).sort()).toEqual([
        'allowedCidrs',
        'createdAt',
        'displayPrefix',
        'expiresAt',
        'graceUntil',
        'id',
        'lastUsedAt',
        'mode',
        'name',
        'revokedAt',
        'rotatedFromId',
        'scopes',
        'status',
      ]);
    for (const text of answers) for (const s of secrets) expect(text).not.toContain(s.slice(8));
    expect((await client.listKeys({ status: 'grace' })).data.map((k) => k.id)).toEqual([minted[0].id]);
    expect((await client.listKeys({ mode: 'test' })).data.map((k) => k.id)).toEqual([minted[1].id]);
    const first = await client.listKeys({ limit: 3 });
    const rest = await client.listKeys({ cursor: first.nextCursor! });
    expect([...first.data, ...rest.data].map((k) => k.id)).toEqual(page.data.map((k) => k.id));
  });

  test("another company's key is 404 NOT_FOUND and a malformed id 400 INVALID_ID", async () => {
    const { client } = await admin();
    const other = await newTenant();
    for (const attempt of [
      () => client.getKey(other.key.id),
      () => client.revokeKey(other.key.id),
      () => client.updateKey(other.key.id, { name: 'x' }),
    ]) {
      expect((await refusal(attempt())).code).toBe('NOT_FOUND');
    }
    const error = await refusal(client.getKey('not-a-uuid'));
    expect([error.status, error.code]).toEqual([400, 'INVALID_ID']);
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: other.key.id } })).revokedAt).toBeNull();
  });
});

test.describe('PATCH /api/v1/keys/{id}', () => {
  test('renames and sets allowedCidrs (enforced on the next request), names invalid CIDRs, and [] lifts the restriction', async () => {
    const { company, client } = await admin();
    const minted = await client.mintKey(mintBody());
    const keyClient = clientFor(minted);
    expect(await client.updateKey(minted.id, { name: 'Renamed', allowedCidrs: ['203.0.113.0/24'] })).toMatchObject({
      name: 'Renamed',
      allowedCidrs: ['203.0.113.0/24'],
    });
    expect((await keyClient.send('GET', '/api/v1/products')).data.error.code).toBe('INVALID_API_KEY');
    const error = await refusal(client.updateKey(minted.id, { allowedCidrs: ['10.0.0.0/8', 'not-a-cidr'] }));
    expect([error.status, error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(error.body.error.message).toContain('not-a-cidr');
    expect((await client.updateKey(minted.id, { allowedCidrs: [] })).allowedCidrs).toEqual([]);
    expect((await keyClient.send('GET', '/api/v1/products')).status).toBe(200);
    expect(await auditCount(company.id, 'ApiKeyUpdated')).toBe(2);
  });
});

test.describe('POST /api/v1/keys/{id}/rotate', () => {
  test('the successor works at once, the old key during its grace and not after; one audit row', async () => {
    const { company, client } = await admin();
    const old = await client.mintKey(mintBody());
    const next = await client.rotateKey(old.id, { graceHours: 1 });
    expect(next).toMatchObject({
      name: old.name,
      scopes: old.scopes,
      mode: 'live',
      rotatedFromId: old.id,
      status: 'active',
    });
    expect(next.key).not.toBe(old.key);
    expect((await client.getKey(old.id)).status).toBe('grace');
    expect((await clientFor(old).send('GET', '/api/v1/products')).status).toBe(200);
    expect((await clientFor(next).send('GET', '/api/v1/products')).status).toBe(200);
    await db().apiKey.update({ where: { id: old.id }, data: { graceUntil: new Date(Date.now() - 1000) } });
    expect((await clientFor(old).send('GET', '/api/v1/products')).data.error.code).toBe('INVALID_API_KEY');
    expect((await clientFor(next).send('GET', '/api/v1/products')).status).toBe(200);
    expect(await auditCount(company.id, 'ApiKeyRotated')).toBe(1);
    const error = await refusal(client.rotateKey(old.id));
    expect([error.status, error.code]).toEqual([409, 'INVALID_STATE']);
  });

  test('rotating a revoked key is 409 INVALID_STATE; a grace outside 0..168 hours is 400', async () => {
    const { client } = await admin();
    const minted = await client.mintKey(mintBody());
    expect((await refusal(client.rotateKey(minted.id, { graceHours: 169 }))).code).toBe('VALIDATION_ERROR');
    await client.revokeKey(minted.id);
    expect((await refusal(client.rotateKey(minted.id))).code).toBe('INVALID_STATE');
  });
});

test.describe('POST /api/v1/keys/{id}/revoke', () => {
  test('takes effect on the very next request of the revoked key (401 INVALID_API_KEY); one audit row', async () => {
    const { company, client } = await admin();
    const minted = await client.mintKey(mintBody());
    const keyClient = clientFor(minted);
    expect((await keyClient.send('GET', '/api/v1/products')).status).toBe(200);
    expect((await client.revokeKey(minted.id)).status).toBe('revoked');
    const next = await keyClient.send('GET', '/api/v1/products');
    expect([next.status, next.data.error.code]).toEqual([401, 'INVALID_API_KEY']);
    expect(await auditCount(company.id, 'ApiKeyRevoked')).toBe(1);
  });

  test('an admin key may revoke itself; its next request is refused', async () => {
    const { key, client } = await admin();
    expect((await client.revokeKey(key.id)).status).toBe('revoked');
    expect((await client.send('GET', '/api/v1/keys')).data.error.code).toBe('INVALID_API_KEY');
  });
});

test.describe('POST /api/v1/keys/{id}/rotate-signing-secret', () => {
  test("the old secret's signatures are refused at once (INVALID_SIGNATURE), the new one's accepted", async () => {
    const { company, client } = await admin();
    const minted = await client.mintKey({ ...mintBody(), scopes: ['dpp:draft:write'] });
    const { signingSecret } = await client.rotateSigningSecret(minted.id);
    expect(signingSecret).not.toBe(minted.signingSecret);
    const create = (secret: string) =>
      clientFor({ key: minted.key, signingSecret: secret }).send('POST', '/api/v1/products', {
        body: { name: uniqueName('Pack'), categoryCode: 'EV_BATTERY' },
      });
    const stale = await create(minted.signingSecret);
    expect([stale.status, stale.data.error.code]).toEqual([401, 'INVALID_SIGNATURE']);
    expect((await create(signingSecret)).status).toBe(201);
    expect(await auditCount(company.id, 'ApiKeySigningSecretRotated')).toBe(1);
  });
});

test.describe('POST /api/v1/keys/bulk-revoke', () => {
  test('revokes named keys (foreign ids ignored) or all, sparing the caller unless exceptSelf is false; one audit row each', async () => {
    const { company, key, client } = await admin();
    const [a, b] = [await client.mintKey(mintBody()), await client.mintKey(mintBody())];
    const foreign = await newKey((await newTenant()).company.id);
    expect(await client.bulkRevokeKeys({ ids: [a.id, foreign.key.id] })).toEqual({ revoked: [a.id] });
    expect((await foreign.client.send('GET', '/api/v1/products')).status).toBe(200);
    expect(await client.bulkRevokeKeys({ all: true })).toEqual({ revoked: [b.id] });
    expect((await client.listKeys({ status: 'active' })).data.map((k) => k.id)).toEqual([key.id]);
    expect((await refusal(client.bulkRevokeKeys({}))).code).toBe('VALIDATION_ERROR');
    expect(await client.bulkRevokeKeys({ all: true, exceptSelf: false })).toEqual({ revoked: [key.id] });
    expect((await client.send('GET', '/api/v1/keys')).data.error.code).toBe('INVALID_API_KEY');
    expect(await auditCount(company.id, 'ApiKeysBulkRevoked')).toBe(3);
  });
});
