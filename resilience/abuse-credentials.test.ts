// Abuse, part 2: guessing and replaying credentials against the production build. Portal sign-in is throttled per
// address and per (account, address), slows an account down across addresses without keeping its owner out, and
// never tells which emails have an account; guessed PoLI tokens run into the rate limit and never succeed while a real token works exactly once;
// signatures outside their window are refused and replays inside it are refused (or, with the same Idempotency-Key,
// answered from the idempotency record); a BMS report older than the newest applied never overwrites it; revoked keys
// and secrets are refused on the very next request.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { revokeCompanyBmsSecret } from '../lib/bms/secret-admin';
import { signIntegrationRequest } from '../lib/client/signing';
import { createPrismaClient, type Db } from '../lib/db/client';
import type { Product } from '../lib/db/generated/client';
import { GRANTABLE_SCOPES } from '../lib/integration/scopes';
import { approvePoliRequest, requestPoliAccess } from '../lib/poli';
import { bmsHeaders } from '../testing/bms-request';
import { clientAddress } from '../testing/client-address';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createBmsTenant, createTestCompany, createTestOperator, mintTestKey, TEST_ACTOR } from '../testing/factories';
import { clientFrom } from '../testing/integration-client';
import {
  type Answer,
  burst,
  exchange,
  expectRateLimited,
  expectResetWithin,
  expectServed,
  holdRequest,
  inOneWindow,
  overloaded,
  sleep,
  split,
} from './abuse-kit';
import { figure, longMode } from './kit/figures';
import { type RunningService, startService } from './kit/service';

// The documented limits these tests lean on (docs/decisions.md): the edge's default, ten sign-in attempts per
// minute per address, five wrong passwords refuse an (account, address) pair for the rest of a 15-minute window, ten
// wrong passwords from all addresses refuse every address that has failed on the account.
const EDGE_PER_MINUTE = 120;
const SIGN_IN_PER_MINUTE = 10;
const PAIR_FAILURES = 5;
const ACCOUNT_FAILURES = 10;
const FAILURE_WINDOW_MINUTES = 15;
const MINUTE = 60;

let database: TestDatabase;
let db: Db;
let service: RunningService;

beforeAll(async () => {
  database = await createTestDatabase('resilience_abuse_credentials');
  db = createPrismaClient(database.url);
  service = await startService({
    databaseUrl: database.url,
    // Every test client speaks from its own address; key and secret budgets out of the way of the revocation streams.
    env: { TRUSTED_PROXY_HOPS: '1', RATE_LIMIT_API_KEY_PER_MINUTE: '100000', RATE_LIMIT_BMS_PER_SECOND: '100000' },
  });
});

afterAll(async () => {
  await service?.stop();
  await db?.$disconnect();
  await database?.dispose();
});

const pathOf = (location: string | null) => (location ? new URL(location).pathname : null);

describe('portal sign-in', () => {
  /** A browser of one address: next-auth's double-submit CSRF token and cookie, fetched once. */
  async function browser(address = clientAddress()) {
    const csrf = await exchange(`${service.baseUrl}/api/auth/csrf`, { headers: { 'X-Forwarded-For': address } });
    expect(csrf.status).toBe(200);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { address, cookie, csrfToken: csrf.body.csrfToken as string };
  }

  type Outcome = 'signed-in' | 'invalid' | 'throttled';

  /** One credentials sign-in as the portal's form makes it (`json: true`: the answer names where the form goes next). */
  async function signIn(from: Awaited<ReturnType<typeof browser>>, email: string, password: string) {
    const answer = await exchange(`${service.baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: from.cookie,
        'X-Forwarded-For': from.address,
      },
      body: new URLSearchParams({
        email,
        password,
        csrfToken: from.csrfToken,
        callbackUrl: '/portal',
        json: 'true',
      }).toString(),
    });
    const error = new URL(answer.body.url).searchParams.get('error');
    const session = answer.headers.getSetCookie().some((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
    const outcome: Outcome | string =
      error === 'CredentialsSignin'
        ? 'invalid'
        : error === 'THROTTLED'
          ? 'throttled'
          : !error && session
            ? 'signed-in'
            : `unexpected ${answer.body.url}`;
    // next-auth answers a refused sign-in 401 and sets no session.
    expect(answer.status).toBe(outcome === 'signed-in' ? 200 : 401);
    if (outcome !== 'signed-in') expect(session).toBe(false);
    return { outcome, answer };
  }

  const company = () => createTestCompany(db);
  const unknownEmail = () => `nobody-${clientAddress().replace(/\./g, '-')}@unknown.example`;
  /** What a client sees of a refusal: the status, the next address without its host, the cookies set. */
  const visible = (a: Answer) => ({
    status: a.status,
    next: (() => {
      const u = new URL(a.body.url);
      return `${u.pathname}${u.search}`;
    })(),
    cookies: a.headers
      .getSetCookie()
      .map((c) => c.split('=')[0])
      .sort(),
  });

  test('one address gets exactly ten sign-in attempts a minute: further guesses are refused even with the right password, which still works from another address', async () => {
    const c = await company();
    const operator = await createTestOperator(db, { companyId: c.id });
    const guesses = 14;
    const run = await inOneWindow(MINUTE, async () => {
      const attacker = await browser();
      // Distinct emails: only the address's budget is at stake.
      const outcomes = await burst(
        guesses,
        async () => (await signIn(attacker, unknownEmail(), 'not-the-password-1')).outcome,
      );
      const withRightPassword = await signIn(attacker, operator.email, operator.password);
      const unknownAfter = await signIn(attacker, unknownEmail(), 'not-the-password-2');
      return { outcomes, withRightPassword, unknownAfter };
    });
    const { outcomes, withRightPassword, unknownAfter } = run.result;
    expect(outcomes.filter((o) => o === 'invalid')).toHaveLength(SIGN_IN_PER_MINUTE);
    expect(outcomes.filter((o) => o === 'throttled')).toHaveLength(guesses - SIGN_IN_PER_MINUTE);
    expect(withRightPassword.outcome).toBe('throttled');
    // The refusal reads the same for an account that exists and an email that does not.
    expect(unknownAfter.outcome).toBe('throttled');
    expect(visible(withRightPassword.answer)).toEqual(visible(unknownAfter.answer));
    expect((await signIn(await browser(), operator.email, operator.password)).outcome).toBe('signed-in');
    figure('abuse', 'sign-in, one address: attempts fired', guesses + 2);
    figure('abuse', 'sign-in, one address: evaluated', outcomes.filter((o) => o === 'invalid').length);
    figure('abuse', 'sign-in, one address: refused (throttled)', outcomes.filter((o) => o === 'throttled').length + 2);
  });

  test('five wrong passwords from one address refuse that address for the account, even with the right password, and the owner still signs in from an address that has not failed; an email without an account answers the same', async () => {
    const c = await company();
    const run = await inOneWindow(FAILURE_WINDOW_MINUTES * MINUTE, async () => {
      const operator = await createTestOperator(db, { companyId: c.id });
      const stranger = unknownEmail();
      // Two attacking addresses, so neither runs into the ten attempts a minute an address gets.
      const [attacker, strangerAttacker] = [await browser(), await browser()];
      const wrong = [];
      for (let i = 0; i < PAIR_FAILURES; i++)
        wrong.push([
          visible((await signIn(attacker, operator.email, `wrong-password-${i}`)).answer),
          visible((await signIn(strangerAttacker, stranger, `wrong-password-${i}`)).answer),
        ]);
      return {
        wrong,
        sixthForAccount: await signIn(attacker, operator.email, operator.password),
        sixthForStranger: await signIn(strangerAttacker, stranger, 'any-password-at-all'),
        owner: await signIn(await browser(), operator.email, operator.password),
        strangerElsewhere: await signIn(await browser(), stranger, 'any-password-at-all'),
      };
    });
    const r = run.result;
    for (const [forAccount, forStranger] of r.wrong) {
      expect(forAccount!.next).toMatch(/error=CredentialsSignin/);
      expect(forStranger).toEqual(forAccount);
    }
    expect(r.sixthForAccount.outcome).toBe('throttled');
    expect(visible(r.sixthForStranger.answer)).toEqual(visible(r.sixthForAccount.answer));
    expect(r.owner.outcome).toBe('signed-in');
    // From a fresh address the email without an account is heard (and refused as invalid), as the account was.
    expect(r.strangerElsewhere.outcome).toBe('invalid');
    figure('abuse', 'sign-in, one account from one address: wrong passwords before refusal', PAIR_FAILURES);
  });

  test('five wrong passwords sent at once from one address all count: the sixth attempt from there is refused', async () => {
    const c = await company();
    const run = await inOneWindow(FAILURE_WINDOW_MINUTES * MINUTE, async () => {
      const operator = await createTestOperator(db, { companyId: c.id });
      const attacker = await browser();
      const wrong = await burst(
        PAIR_FAILURES,
        async (i) => (await signIn(attacker, operator.email, `wrong-password-${i}`)).outcome,
      );
      const sixth = (await signIn(attacker, operator.email, operator.password)).outcome;
      return { wrong, sixth };
    });
    expect(run.result.wrong).toEqual(Array(PAIR_FAILURES).fill('invalid'));
    expect(run.result.sixth).toBe('throttled');
  });

  test('wrong passwords from many addresses slow the account down (every address that failed is refused) but cannot keep its owner out, and an email without an account answers the same', async () => {
    const c = await company();
    const addresses = ACCOUNT_FAILURES + 5;
    const run = await inOneWindow(FAILURE_WINDOW_MINUTES * MINUTE, async () => {
      const operator = await createTestOperator(db, { companyId: c.id });
      const stranger = unknownEmail();
      const attackers = await burst(addresses, () => browser());
      const guess = async (email: string) =>
        burst(addresses, async (i) => (await signIn(attackers[i]!, email, `wrong-password-${i}`)).outcome);
      const forAccount = await guess(operator.email);
      const forStranger = await guess(stranger);
      // Each attacking address tries again: one failure each was enough once the account had collected its ten.
      const againForAccount = await burst(
        addresses,
        async (i) => (await signIn(attackers[i]!, operator.email, operator.password)).outcome,
      );
      const againForStranger = await burst(
        addresses,
        async (i) => (await signIn(attackers[i]!, stranger, 'any-password-at-all')).outcome,
      );
      return {
        forAccount,
        forStranger,
        againForAccount,
        againForStranger,
        owner: (await signIn(await browser(), operator.email, operator.password)).outcome,
        strangerFresh: (await signIn(await browser(), stranger, 'any-password-at-all')).outcome,
      };
    });
    const r = run.result;
    expect(r.forAccount).toEqual(Array(addresses).fill('invalid'));
    expect(r.forStranger).toEqual(r.forAccount);
    expect(r.againForAccount).toEqual(Array(addresses).fill('throttled'));
    expect(r.againForStranger).toEqual(r.againForAccount);
    expect(r.owner).toBe('signed-in');
    expect(r.strangerFresh).toBe('invalid');
    figure('abuse', 'sign-in, one account from many addresses: wrong passwords', addresses);
    figure('abuse', 'sign-in, one account from many addresses: second attempts refused', addresses);
    figure('abuse', 'sign-in, one account from many addresses: owner from a fresh address signed in', 1);
  });
});

describe('PoLI links', () => {
  let passport: Product;
  beforeAll(async () => {
    passport = (await createBmsTenant(db)).product;
  });

  /** A request whose verification link was mailed; `approve` brings it on to a mailed access link. */
  async function poliRequest() {
    const email = `verifier-${clientAddress().replace(/\./g, '-')}@recycler.example`;
    const created = await requestPoliAccess({
      input: {
        productId: passport.id,
        email,
        name: 'Vera Verifier',
        organisation: 'Circular Metals BV',
        role: 'RECYCLER',
      },
      db: db,
    });
    if (created.kind !== 'created') throw new Error('the access request was not stored');
    const token = async () => {
      const mail = await db.emailOutbox.findFirstOrThrow({
        where: { to: email },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      return new URL(mail.links[0]!).searchParams.get('token')!;
    };
    return {
      requestId: created.requestId,
      verificationToken: await token(),
      approve: async () => {
        await approvePoliRequest({
          ctx: { companyId: passport.companyId, actor: TEST_ACTOR },
          input: { requestId: created.requestId },
          db: db,
        });
        return token();
      },
    };
  }

  /** Well-formed (43 base64url characters, so each is looked up) and random. */
  const guess = () =>
    Buffer.from(Array.from({ length: 32 }, () => Math.floor(Math.random() * 256))).toString('base64url');
  const open = (link: 'verify' | 'access', token: string, address: string) =>
    exchange(`${service.baseUrl}/api/poli/${link}?token=${encodeURIComponent(token)}`, {
      headers: { 'X-Forwarded-For': address },
    });

  for (const link of ['verify', 'access'] as const) {
    test(`guessing tokens at /api/poli/${link} runs into the rate limit after exactly the edge budget, no guess succeeds, and the real token works once and only once`, async () => {
      const request = await poliRequest();
      const real =
        link === 'verify'
          ? request.verificationToken
          : await (async () => {
              await open('verify', request.verificationToken, clientAddress());
              return request.approve();
            })();
      const guesses = Math.ceil(EDGE_PER_MINUTE * 1.25);
      const run = await inOneWindow(MINUTE, async () => {
        const attacker = clientAddress();
        const answers = await burst(guesses, () => open(link, guess(), attacker));
        // Throttled, the attacker cannot even spend the real token (and so cannot burn it).
        const realFromAttacker = await open(link, real, attacker);
        return { answers, realFromAttacker };
      });
      const { passed, refused } = split(run.result.answers);
      expect(passed).toHaveLength(EDGE_PER_MINUTE);
      for (const a of passed) {
        expectServed(a, [303]);
        expect(a.headers.getSetCookie()).toEqual([]);
        if (a.status === 303) expect(pathOf(a.headers.get('location'))).toBe('/poli/invalid-link');
      }
      expect(refused).toHaveLength(guesses - EDGE_PER_MINUTE);
      for (const a of [...refused, run.result.realFromAttacker]) {
        expectRateLimited(a, 'public', EDGE_PER_MINUTE, MINUTE);
        expectResetWithin(a, run);
      }
      // The real token, clicked in several tabs at once from elsewhere: one click succeeds, the rest are spent links.
      const clicks = await burst(5, () => open(link, real, clientAddress()));
      const succeeded = clicks.filter((a) => pathOf(a.headers.get('location')) !== '/poli/invalid-link');
      expect(succeeded).toHaveLength(1);
      expect(clicks.every((a) => a.status === 303)).toBe(true);
      if (link === 'verify') {
        expect(pathOf(succeeded[0]!.headers.get('location'))).toBe('/poli/verified');
        expect((await db.poliRequest.findUniqueOrThrow({ where: { id: request.requestId } })).status).toBe(
          'PENDING_REVIEW',
        );
      } else {
        expect(pathOf(succeeded[0]!.headers.get('location'))).toMatch(/^\/(01|dpp)\//);
        expect(
          succeeded[0]!.headers.getSetCookie().some((c) => c.startsWith(`bps_poli_${passport.id.replace(/-/g, '')}=`)),
        ).toBe(true);
        expect(await db.poliGrant.count({ where: { requestId: request.requestId } })).toBe(1);
      }
      expect(pathOf((await open(link, real, clientAddress())).headers.get('location'))).toBe('/poli/invalid-link');
      figure('abuse', `PoLI ${link} guesses: fired`, guesses + 1);
      figure('abuse', `PoLI ${link} guesses: answered (all invalid)`, passed.length);
      figure('abuse', `PoLI ${link} guesses: refused (429)`, refused.length + 1);
      if (overloaded(passed) > 0)
        figure('abuse', `PoLI ${link} guesses: answered 5xx (machine overloaded)`, overloaded(passed));
    });
  }
});

describe('signature windows and replays', () => {
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /**
   * Sends a request signed `offset` seconds away from the second it is verified in. The request is held (all but
   * its last byte sent, key or secret already looked up) and released right after a second begins; only an answer
   * that comes back within that same second proves the server's clock read that second, so others are repeated.
   */
  async function signedAt(
    offset: number,
    make: (timestamp: number) => { url: string; headers: Record<string, string>; body: string },
  ) {
    for (let attempt = 1; attempt <= 10; attempt++) {
      await sleep(1000 - (Date.now() % 1000) + 400);
      const second = nowSeconds() + 1;
      const { url, headers, body } = make(second + offset);
      const held = holdRequest(url, { headers, body });
      await sleep(second * 1000 - Date.now() + 2);
      const answer = await held.release();
      if (Math.floor(answer.receivedAt / 1000) === second) return answer;
    }
    throw new Error('no signed request was verified within the second it was released in');
  }

  test('an Integration API write signed 301 s in the past or 61 s in the future is 401 INVALID_SIGNATURE; 300 s past and 60 s future are still accepted', async () => {
    const company = await createTestCompany(db);
    const key = await mintTestKey(db, company.id, { scopes: GRANTABLE_SCOPES });
    const path = '/api/v1/mappings/lint';
    const body = JSON.stringify({ categoryCode: 'EV_BATTERY', columns: ['model_number'] });
    const make = (timestamp: number) => ({
      url: `${service.baseUrl}${path}`,
      body,
      headers: {
        Authorization: `Bearer ${key.key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': randomUUID(),
        'X-Forwarded-For': clientAddress(),
        ...signIntegrationRequest({
          method: 'POST',
          pathWithQuery: path,
          body,
          signingSecret: key.signingSecret,
          timestamp,
        }),
      },
    });
    for (const offset of [-301, 61, -3600, 86_400]) {
      const answer = await signedAt(offset, make);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({
        code: 'INVALID_SIGNATURE',
        details: { reason: expect.stringMatching(/outside the accepted window/) },
      });
      expect(answer.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
    for (const offset of [-300, 60]) expect((await signedAt(offset, make)).status).toBe(200);
    figure('abuse', 'Integration API signature window: writes signed outside / refused', '4 / 4');
    figure('abuse', 'Integration API signature window: writes signed at its edges / accepted', '2 / 2');
  });

  test('a BMS update signed 301 s in the past or 61 s in the future is 401 BAD_SIGNATURE (outside_window) and changes nothing', async () => {
    const tenant = await createBmsTenant(db);
    const make = (timestamp: number) => {
      const body = JSON.stringify({ formDataPatch: { current_cycle_count: 999 } });
      return {
        url: `${service.baseUrl}/api/v1/products/${tenant.product.id}/bms-update`,
        body,
        headers: { ...bmsHeaders(body, { secret: tenant.secret, timestamp }), 'X-Forwarded-For': clientAddress() },
      };
    };
    for (const offset of [-301, 61]) {
      const answer = await signedAt(offset, make);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: 'BAD_SIGNATURE', error: expect.any(String), reason: 'outside_window' });
    }
    const product = await db.product.findUniqueOrThrow({ where: { id: tenant.product.id } });
    expect((product.formData as Record<string, unknown>).current_cycle_count).not.toBe(999);
    expect(await db.auditLog.count({ where: { actorId: tenant.secretId } })).toBe(0);
    figure('abuse', 'BMS signature window: updates signed outside / refused', '2 / 2');
  });

  test('an Integration API write replayed byte for byte inside the window is deduplicated by its Idempotency-Key (the stored answer, marked Idempotent-Replayed, nothing executed twice); with a new Idempotency-Key the same signature is refused 401 INVALID_SIGNATURE (replayed), also when the copies race', async () => {
    const company = await createTestCompany(db);
    const key = await mintTestKey(db, company.id, { scopes: GRANTABLE_SCOPES });
    const path = '/api/v1/products';
    const signedCreate = (name: string) => {
      const body = JSON.stringify({ name, categoryCode: 'EV_BATTERY' });
      const headers = {
        Authorization: `Bearer ${key.key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': randomUUID(),
        ...signIntegrationRequest({ method: 'POST', pathWithQuery: path, body, signingSecret: key.signingSecret }),
      };
      return (extra: Record<string, string> = {}) =>
        exchange(`${service.baseUrl}${path}`, {
          method: 'POST',
          headers: { ...headers, 'X-Forwarded-For': clientAddress(), ...extra },
          body,
        });
    };
    const send = signedCreate(`Replay target ${clientAddress()}`);
    const original = await send();
    expect(original.status).toBe(201);
    expect(original.headers.get('Idempotent-Replayed')).toBeNull();
    const replays = await burst(3, () => send());
    for (const replay of replays) {
      expect(replay.status).toBe(201);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.body).toEqual(original.body);
    }
    // The signature does not cover the Idempotency-Key: a captured write sent again with a fresh key is refused as
    // a replayed signature, before anything runs, and the refusal is not stored under the new key.
    const withNewKeys = await burst(3, () => send({ 'Idempotency-Key': randomUUID() }));
    for (const refused of withNewKeys) {
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ code: 'INVALID_SIGNATURE', details: { replayed: true } });
      expect(refused.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
    expect(await db.product.count({ where: { companyId: company.id } })).toBe(1);
    expect(await db.auditLog.count({ where: { companyId: company.id, productId: original.body.id } })).toBe(1);
    // Copies of one signed write racing each other with different keys: exactly one runs.
    const racing = 6;
    const race = signedCreate(`Raced ${clientAddress()}`);
    const answers = await burst(racing, () => race({ 'Idempotency-Key': randomUUID() }));
    for (const a of answers) expectServed(a, [201, 401]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status === 401))
      expect(a.body.error).toMatchObject({ code: 'INVALID_SIGNATURE', details: { replayed: true } });
    expect(await db.product.count({ where: { companyId: company.id } })).toBe(2);
    figure(
      'abuse',
      'Integration API replays inside the window, same Idempotency-Key: sent / answered from the idempotency record',
      `${replays.length} / ${replays.length}`,
    );
    figure(
      'abuse',
      'Integration API replays inside the window, new Idempotency-Key: sent / refused 401 (replayed)',
      `${withNewKeys.length} / ${withNewKeys.filter((a) => a.status === 401).length}`,
    );
    figure(
      'abuse',
      'Integration API copies of one signed write racing with different keys: sent / executed',
      `${racing} / ${answers.filter((a) => a.status === 201).length}`,
    );
  });

  test('a BMS update replayed byte for byte inside the 5-minute window is refused 401 BAD_SIGNATURE (replayed), also when the copies race, and a report older than the newest applied one never overwrites it', async () => {
    const tenant = await createBmsTenant(db);
    const signed = (value: number, timestamp: number) => {
      const body = JSON.stringify({ formDataPatch: { current_soh_pct: value } });
      return { body, headers: bmsHeaders(body, { secret: tenant.secret, timestamp }) };
    };
    const send = (r: ReturnType<typeof signed>) =>
      exchange(`${service.baseUrl}/api/v1/products/${tenant.product.id}/bms-update`, {
        method: 'POST',
        headers: { ...r.headers, 'X-Forwarded-For': clientAddress() },
        body: r.body,
      });
    const soh = async () =>
      ((await db.product.findUniqueOrThrow({ where: { id: tenant.product.id } })).formData as Record<string, unknown>)
        .current_soh_pct;
    const now = nowSeconds();
    const older = signed(91, now - 20);
    const newer = signed(87, now - 10);
    expect((await send(older)).status).toBe(200);
    const again = await send(older);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ code: 'BAD_SIGNATURE', error: expect.any(String), reason: 'replayed' });
    expect((await send(newer)).status).toBe(200);
    expect(await soh()).toBe(87);
    // The attack of before: the captured older report sent again to roll the values back.
    const replayed = await send(older);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 'BAD_SIGNATURE', reason: 'replayed' });
    expect(await soh()).toBe(87);
    // A report never sent before but older than the newest applied one (a delayed delivery): answered, not written.
    const late = await send(signed(95, now - 15));
    expect(late.status).toBe(200);
    expect(late.body).toEqual({
      ok: true,
      productId: tenant.product.id,
      appliedKeys: [],
      rejectedKeys: [],
      counterUpdated: false,
      superseded: true,
    });
    expect(await soh()).toBe(87);
    // Copies of one report racing each other: exactly one is applied.
    const racing = 6;
    const raced = signed(85, now - 5);
    const answers = await burst(racing, () => send(raced));
    for (const a of answers) expectServed(a, [200, 401]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await soh()).toBe(85);
    expect(await db.auditLog.count({ where: { actorId: tenant.secretId, eventType: 'Update' } })).toBe(3);
    figure('abuse', 'BMS replays inside the window: sent / refused 401 BAD_SIGNATURE (replayed)', '2 / 2');
    figure(
      'abuse',
      'BMS copies of one report racing: sent / applied',
      `${racing} / ${answers.filter((a) => a.status === 200).length}`,
    );
    figure('abuse', 'BMS reports older than the newest applied: sent / written', '1 / 0');
  });
});

describe('revocation', () => {
  interface Sent {
    sentAt: number;
    answer: Answer;
  }

  /**
   * `lanes` clients sending one request after another until `stop` resolves, each answer with the time it was
   * sent: what a busy integration or a fleet of devices does while an operator revokes its credential.
   */
  async function stream(lanes: number, send: () => Promise<Answer>, stop: Promise<unknown>): Promise<Sent[]> {
    let stopped = false;
    void stop.then(() => {
      stopped = true;
    });
    const log: Sent[] = [];
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (!stopped) {
          const sentAt = Date.now();
          log.push({ sentAt, answer: await send() });
        }
      }),
    );
    return log;
  }

  /**
   * `send` streamed on four lanes while `revokeIt` revokes the credential, after a warm-up (the credential used,
   * cached wherever anything could cache it) and followed by as long again: the whole log, the answers received
   * before the revocation was sent (each a 200) and the requests sent after it returned (at least one).
   */
  async function streamAcrossRevocation(send: () => Promise<Answer>, revokeIt: () => Promise<unknown>) {
    let revokedAt = Infinity;
    let revokeSentAt = 0;
    const revoke = (async () => {
      await sleep(longMode() ? 3000 : 1500);
      revokeSentAt = Date.now();
      await revokeIt();
      revokedAt = Date.now();
      await sleep(longMode() ? 3000 : 1500);
    })();
    const log = await stream(4, send, revoke);
    await revoke;
    const before = log.filter((s) => s.answer.receivedAt < revokeSentAt);
    const after = log.filter((s) => s.sentAt > revokedAt);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.answer.status === 200)).toBe(true);
    expect(after.length).toBeGreaterThan(0);
    return { log, before, after };
  }

  test('an API key revoked through POST /api/v1/keys/{id}/revoke is refused with 401 INVALID_API_KEY on every request sent after the revocation answered, reads and writes alike', async () => {
    const company = await createTestCompany(db);
    const admin = await mintTestKey(db, company.id, { scopes: ['keys:admin'], allowPrivileged: true });
    const target = await mintTestKey(db, company.id, { scopes: GRANTABLE_SCOPES });
    const { client } = clientFrom(service.baseUrl, target);
    const { client: adminClient } = clientFrom(service.baseUrl, admin);
    let i = 0;
    const send = async (): Promise<Answer> => {
      const headers = { 'X-Forwarded-For': clientAddress() };
      const r =
        i++ % 4 === 0
          ? await client.send('POST', '/api/v1/mappings/lint', {
              // Each write its own body: the same signed bytes twice in one second would be a replayed signature.
              body: { categoryCode: 'EV_BATTERY', columns: ['model_number', `column ${i}`] },
              headers,
            })
          : await client.send('GET', '/api/v1/meta', { headers });
      return { status: r.status, headers: r.headers, body: r.data, receivedAt: Date.now() };
    };
    const { before, after } = await streamAcrossRevocation(send, async () =>
      expect((await adminClient.revokeKey(target.id)).status).toBe('revoked'),
    );
    for (const { answer } of after) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('INVALID_API_KEY');
    }
    figure('abuse', 'API key revocation: requests before / after the revocation', `${before.length} / ${after.length}`);
  });

  test('a BMS secret revoked through the operator verb is refused with 401 BAD_SECRET on every update sent after the revocation committed, and only answered updates were applied', async () => {
    const tenant = await createBmsTenant(db);
    let n = 0;
    // One report time for the stream: a report signed a second before one already applied would be superseded
    // (answered 200, not written), and this test counts every 200 as applied.
    const timestamp = Math.floor(Date.now() / 1000);
    const send = async (): Promise<Answer> => {
      const raw = JSON.stringify({ formDataPatch: { current_cycle_count: n++ } });
      return exchange(`${service.baseUrl}/api/v1/products/${tenant.product.id}/bms-update`, {
        method: 'POST',
        headers: { ...bmsHeaders(raw, { secret: tenant.secret, timestamp }), 'X-Forwarded-For': clientAddress() },
        body: raw,
      });
    };
    const { log, before, after } = await streamAcrossRevocation(send, () =>
      revokeCompanyBmsSecret({
        ctx: { companyId: tenant.company.id, actor: TEST_ACTOR },
        input: { secretId: tenant.secretId },
        db: db,
      }),
    );
    for (const { answer } of after)
      expect([answer.status, answer.body]).toEqual([401, { code: 'BAD_SECRET', error: expect.any(String) }]);
    // An update in flight while the secret was revoked either committed before it (and was answered 200) or was
    // refused and rolled back: the audit trail holds exactly the answered ones.
    const applied = log.filter((s) => s.answer.status === 200).length;
    expect(log.every((s) => s.answer.status === 200 || s.answer.status === 401)).toBe(true);
    expect(await db.auditLog.count({ where: { actorId: tenant.secretId, eventType: 'Update' } })).toBe(applied);
    figure(
      'abuse',
      'BMS secret revocation: updates before / after the revocation',
      `${before.length} / ${after.length}`,
    );
  });
});
