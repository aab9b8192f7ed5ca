// HTTP contract tests of signed passports: a version's credential, the issuer's DID document and its status
// lists, read over real HTTP from the running service; the credential verified with jose alone against what the
// service publishes (the format docs/public-api.md describes), and with `npm run -s verify`.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { createPrismaClient } from '../lib/db/client';
import { CACHING } from '../lib/http/caching';
import { deprecateProduct, reinstateProduct, withdrawProduct } from '../lib/passport/lifecycle';
import { expect, test } from '../testing/e2e/fixtures';
import { createPublishedPassport, createTestCompany, TEST_ACTOR } from '../testing/factories';

const db = createPrismaClient(process.env.DATABASE_URL);
let company: { id: string; slug: string };

test.beforeAll(async () => {
  company = await createTestCompany(db);
});
test.afterAll(async () => {
  await db.$disconnect();
});

const ctx = () => ({ companyId: company.id, actor: TEST_ACTOR });
type Request = import('@playwright/test').APIRequestContext;

/** Verifies a compact JWS with the key its `kid` names in the DID document the service serves. */
async function verify(request: Request, jws: string) {
  const { kid } = decodeProtectedHeader(jws);
  const didRes = await request.get(`/issuers/${company.slug}/did.json`);
  expect(didRes.status()).toBe(200);
  const did = await didRes.json();
  const method = did.verificationMethod.find((m: { id: string }) => m.id === kid);
  expect(did.assertionMethod).toContain(kid);
  const { payload } = await compactVerify(jws, await importJWK(method.publicKeyJwk as JWK, 'EdDSA'));
  return JSON.parse(Buffer.from(payload).toString('utf8'));
}

async function bitOf(request: Request, entry: { statusListCredential: string; statusListIndex: string }) {
  const res = await request.get(new URL(entry.statusListCredential).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/vc+jwt');
  const list = await verify(request, await res.text());
  const bits = gunzipSync(Buffer.from(list.credentialSubject.encodedList.slice(1), 'base64url'));
  const index = Number(entry.statusListIndex);
  return (bits[index >> 3] >> (7 - (index % 8))) & 1;
}

test.describe('GET /api/dpp/{slug}/v/{version}/credential', () => {
  test('serves the signed credential as application/vc+jwt with a strong ETag, revalidation, CORS and a 304', async ({
    request,
  }) => {
    const product = await createPublishedPassport(db, { companyId: company.id });
    const res = await request.get(`/api/dpp/${product.slug}/v/1/credential`, {
      headers: { Origin: 'https://x.example' },
    });
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['content-type']).toBe('application/vc+jwt');
    expect(headers['cache-control']).toBe(CACHING.credential.cacheControl);
    expect(headers['access-control-allow-origin']).toBe('*');
    const jws = await res.text();
    expect(headers.etag).toBe(`"${createHash('sha256').update(jws).digest('hex')}"`);
    const again = await request.get(`/api/dpp/${product.slug}/v/1/credential`, {
      headers: { 'If-None-Match': headers.etag },
    });
    expect(again.status()).toBe(304);

    const credential = await verify(request, jws);
    expect(credential.credentialSubject.id).toMatch(new RegExp(`/api/dpp/${product.slug}/v/1$`));
    // The digest names exactly the bytes /v/1 serves.
    const version = await request.get(`/api/dpp/${product.slug}/v/1`);
    const digest = `sha256-${createHash('sha256')
      .update(await version.body())
      .digest('base64')}`;
    expect(credential.relatedResource[0].digestSRI).toBe(digest);
  });

  test('is offered in the version list and the linkset', async ({ request }) => {
    const product = await createPublishedPassport(db, { companyId: company.id });
    const versions = await (await request.get(`/api/dpp/${product.slug}/versions`)).json();
    expect(versions[0].credential).toBe(`/api/dpp/${product.slug}/v/1/credential`);
    const linkset = await request.get(`/dpp/${product.slug}?linkType=linkset`);
    expect(await linkset.text()).toContain(`/api/dpp/${product.slug}/v/1/credential`);
  });

  test('answers like the snapshot: 404 for an unknown version, a malformed one 400, a withdrawn passport 404', async ({
    request,
  }) => {
    const product = await createPublishedPassport(db, { companyId: company.id });
    const missing = await request.get(`/api/dpp/${product.slug}/v/2/credential`);
    expect(missing.status()).toBe(404);
    expect((await missing.json()).error.code).toBe('VERSION_NOT_FOUND');
    expect((await request.get(`/api/dpp/${product.slug}/v/01/credential`)).status()).toBe(400);
    expect((await request.get('/api/dpp/no-such-passport/v/1/credential')).status()).toBe(404);
    await withdrawProduct({ ctx: ctx(), input: { productId: product.id, reason: 'Recalled' }, db });
    expect((await request.get(`/api/dpp/${product.slug}/v/1/credential`)).status()).toBe(404);
  });
});

test.describe('the issuer: DID document and status lists', () => {
  test('the DID document is served at the did:web address with the port percent-encoded in the DID', async ({
    request,
    baseURL,
  }) => {
    await createPublishedPassport(db, { companyId: company.id });
    const res = await request.get(`/issuers/${company.slug}/did.json`);
    expect(res.headers()['content-type']).toBe('application/did+ld+json');
    const did = await res.json();
    const url = new URL(baseURL as string);
    expect(did.id).toBe(`did:web:${url.hostname}%3A${url.port}:issuers:${company.slug}`);
    expect(did.verificationMethod[0]).toMatchObject({
      type: 'JsonWebKey',
      controller: did.id,
      publicKeyJwk: { kty: 'OKP', crv: 'Ed25519' },
    });
    const unknown = await request.get('/issuers/no-such-company/did.json');
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).code).toBe('ISSUER_NOT_FOUND');
  });

  test('withdrawal revokes, deprecation suspends and reinstatement lifts it, as the signed lists say', async ({
    request,
  }) => {
    const deprecated = await createPublishedPassport(db, { companyId: company.id });
    const withdrawn = await createPublishedPassport(db, { companyId: company.id });
    const statusOf = async (slug: string) =>
      (await verify(request, await (await request.get(`/api/dpp/${slug}/v/1/credential`)).text())).credentialStatus;
    const [dRevocation, dSuspension] = await statusOf(deprecated.slug);
    const [wRevocation, wSuspension] = await statusOf(withdrawn.slug);
    await deprecateProduct({ ctx: ctx(), input: { productId: deprecated.id }, db });
    await withdrawProduct({ ctx: ctx(), input: { productId: withdrawn.id, reason: 'Recalled' }, db });
    expect([await bitOf(request, dRevocation), await bitOf(request, dSuspension)]).toEqual([0, 1]);
    expect([await bitOf(request, wRevocation), await bitOf(request, wSuspension)]).toEqual([1, 0]);
    await reinstateProduct({ ctx: ctx(), input: { productId: deprecated.id }, db });
    expect(await bitOf(request, dSuspension)).toBe(0);
    expect((await request.get(`/issuers/${company.slug}/status/1/message`)).status()).toBe(404);
  });
});

test.describe('nasty addresses', () => {
  const NASTY = [
    '%00',
    '%2e%2e',
    '..%2f..%2fetc',
    'x'.repeat(3000),
    '%F0%9F%94%8B',
    "'%20OR%201=1--",
    '%E2%80%AE',
    '-1',
  ];

  test('the credential, DID document and status list routes answer every malformed address below 500, in the public envelope', async ({
    request,
  }) => {
    const product = await createPublishedPassport(db, { companyId: company.id });
    const paths = NASTY.flatMap((bad) => [
      `/api/dpp/${bad}/v/1/credential`,
      `/api/dpp/${product.slug}/v/${bad}/credential`,
      `/issuers/${bad}/did.json`,
      `/issuers/${company.slug}/status/${bad}/revocation`,
      `/issuers/${company.slug}/status/1/${bad}`,
      `/issuers/${bad}/status/1/suspension`,
    ]);
    for (const path of paths) {
      const res = await request.get(path);
      expect(res.status(), path).toBeGreaterThanOrEqual(400);
      expect(res.status(), path).toBeLessThan(500);
      const text = await res.text();
      expect(text, path).not.toMatch(/prisma|SELECT |at .*\.ts:/i);
    }
  });
});

test.describe('npm run -s verify against the running service', () => {
  const runVerify = (args: string[]) =>
    new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile('npx', ['tsx', 'scripts/verify.ts', ...args], { timeout: 60_000 }, (error, stdout) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });

  test('a published credential is valid; after withdrawal the same credential is not, and says it was revoked', async ({
    baseURL,
  }) => {
    const product = await createPublishedPassport(db, { companyId: company.id });
    const url = `${baseURL}/api/dpp/${product.slug}/v/1/credential`;
    const valid = await runVerify([url, '--json']);
    expect(valid.code).toBe(0);
    const report = JSON.parse(valid.stdout);
    expect(report).toMatchObject({ valid: true, version: 1 });
    expect(report.issuer.id).toContain(`:issuers:${company.slug}`);
    // Withdrawn: the URL answers 404, so the credential saved before is checked as a file.
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(await mkdtemp(join(tmpdir(), 'vc-')), 'credential.jwt');
    await writeFile(file, await (await fetch(url)).text());
    await withdrawProduct({ ctx: ctx(), input: { productId: product.id, reason: 'Recalled' }, db });
    const revoked = await runVerify([file, '--json']);
    expect(revoked.code).toBe(1);
    const why = JSON.parse(revoked.stdout);
    expect(why.valid).toBe(false);
    expect(JSON.stringify(why.reasons)).toMatch(/revoked/i);
  });
});
