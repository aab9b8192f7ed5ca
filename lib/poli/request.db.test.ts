import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestProduct } from '../../testing/factories';
import { rowsJson } from '../../testing/json';
import { approvedRequest, lastMailTo, type PoliTenant, poliTenant, uniqueEmail } from '../../testing/poli';
import { config } from '../config';
import { sha256Hex } from '../crypto/secrets';
import { disconnectPrisma, prisma } from '../db/client';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit/limiter';
import { createMemoryBackend } from '../http/rate-limit/memory-store';
import {
  POLI_REQUESTS_PER_ADDRESS_PER_HOUR,
  POLI_REQUESTS_PER_EMAIL_PER_HOUR,
  policiesFromConfig,
} from '../http/rate-limit/policies';
import { MAX_OPEN_REQUESTS } from './request-access';
import { submitPoliRequestForm } from './request-form';

let t: PoliTenant;
let limiter: RateLimiter;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  t = await poliTenant(prisma);
});
afterEach(async () => {
  vi.useRealTimers();
  await limiter?.close();
});
afterAll(() => disconnectPrisma());

/** A fresh in-memory limiter with the service's policies, the clock pinned inside one hour-long window. */
function freshLimiter() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 1000);
  limiter = createRateLimiter({
    backend: createMemoryBackend(),
    policies: policiesFromConfig(config()),
    timeoutMs: 1000,
  });
  return (policy: string, id: string) => limiter.limit(policy, id);
}

let addressCounter = 0;
const nextAddress = () => `203.0.113.${(addressCounter += 1)}`;

function submit(
  fields: Record<string, string>,
  { productId = t.product.id, clientAddress = nextAddress(), limit = freshLimiter() } = {},
) {
  return submitPoliRequestForm({ productId, fields, clientAddress, limit });
}

const valid = (email = uniqueEmail()) => ({
  email,
  name: 'Vera Verifier',
  organisation: 'Circular Metals BV',
  role: 'RECYCLER',
  consent: 'yes',
});
const SENT = { status: 'sent', errors: {}, values: { email: '', name: '', organisation: '', role: '' } };
const requestsOf = (email: string) => prisma.poliRequest.findMany({ where: { email: email.toLowerCase() } });

describe('the access request form', () => {
  it("stores a PENDING_VERIFICATION request with the role's tier and a hashed 24 h token, and mails the verification link", async () => {
    const email = uniqueEmail();
    const limit = freshLimiter();
    const before = Date.now();
    expect(await submit({ ...valid(email), email: `  ${email.toUpperCase()} ` }, { limit })).toEqual(SENT);
    const [request] = await requestsOf(email);
    expect(request).toMatchObject({
      status: 'PENDING_VERIFICATION',
      role: 'RECYCLER',
      tier: 'LEGITIMATE_INTEREST',
      email,
      name: 'Vera Verifier',
      companyId: t.company.id,
    });
    const { mail, link, token } = await lastMailTo(prisma, email);
    expect(link).toBe(`${config().BASE_URL}/api/poli/verify?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request.verificationTokenHash).toBe(sha256Hex(token!));
    // The clock is pinned (fake Date), so the expiry is exactly 24 h after the submission.
    expect(request.verificationExpiresAt!.getTime() - before).toBe(24 * HOUR_MS);
    expect(mail).toMatchObject({
      companyId: t.company.id,
      status: 'PENDING',
      subject: `Confirm your access request for ${t.product.name}`,
    });
    expect(mail.text).toContain(t.company.name);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { eventType: 'PoliRequestCreated', productId: t.product.id, actorId: request.id },
    });
    expect(audit.eventContext).toEqual({ poliRequestId: request.id, role: 'RECYCLER', tier: 'LEGITIMATE_INTEREST' });
    expect(rowsJson(audit)).not.toContain(email);
  });

  it('gives authority roles the authority tier', async () => {
    const email = uniqueEmail('msa');
    await submit({ ...valid(email), role: 'MARKET_SURVEILLANCE_AUTHORITY' });
    expect((await requestsOf(email))[0]).toMatchObject({ role: 'MARKET_SURVEILLANCE_AUTHORITY', tier: 'AUTHORITY' });
  });

  it('answers a filled honeypot with the usual success and stores and mails nothing', async () => {
    const email = uniqueEmail('bot');
    expect(await submit({ ...valid(email), website: 'http://spam.example' })).toEqual(SENT);
    expect(await requestsOf(email)).toEqual([]);
    expect(await prisma.emailOutbox.count({ where: { to: email } })).toBe(0);
  });

  it('names each invalid field, keeps what was typed and stores nothing', async () => {
    const state = await submit({ email: 'not-an-address', name: ' ', organisation: 'Org', role: 'WIZARD' });
    expect(state.status).toBe('invalid');
    expect(Object.keys(state.errors).sort()).toEqual(['consent', 'email', 'name', 'role']);
    expect(state.errors.email).toBe('Enter an email address such as name@example.com.');
    expect(state.values).toEqual({ email: 'not-an-address', name: ' ', organisation: 'Org', role: 'WIZARD' });
    expect(await prisma.poliRequest.count({ where: { email: 'not-an-address' } })).toBe(0);
  });

  it.each([
    ['a line break in the name', { name: 'Vera Verifier\nURGENT: approve at https://evil.example' }, 'name'],
    [
      'a carriage return in the organisation',
      { organisation: 'Circular Metals BV\r\nBcc: x@evil.example' },
      'organisation',
    ],
    ['a Unicode line separator in the organisation', { organisation: 'Circular\u2028Metals' }, 'organisation'],
    ['a tab in the name', { name: 'Vera\tVerifier' }, 'name'],
    ['a right-to-left override in the name', { name: 'Vera \u202eVerifier' }, 'name'],
    ['a NUL in the organisation', { organisation: 'Circular\u0000Metals' }, 'organisation'],
    ['a line break in the email', { email: 'vera@recycler.example\nBcc: x@evil.example' }, 'email'],
  ])('refuses %s with the field message, storing and mailing nothing', async (_, change, field) => {
    const email = uniqueEmail();
    const fields = { ...valid(email), ...change };
    const state = await submit(fields);
    expect(state.status).toBe('invalid');
    expect(state.errors).toEqual({
      [field]: 'Use one line of text, without line breaks, tabs or other control characters.',
    });
    expect(await requestsOf(email)).toEqual([]);
    expect(await prisma.emailOutbox.count({ where: { to: email.toLowerCase() } })).toBe(0);
  });

  it(`throttles one client address after ${POLI_REQUESTS_PER_ADDRESS_PER_HOUR} requests an hour, whatever the addresses`, async () => {
    const limit = freshLimiter();
    const clientAddress = nextAddress();
    for (let i = 0; i < POLI_REQUESTS_PER_ADDRESS_PER_HOUR; i += 1)
      expect((await submit(valid(), { clientAddress, limit })).status).toBe('sent');
    const email = uniqueEmail();
    const refused = await submit(valid(email), { clientAddress, limit });
    expect(refused.status).toBe('throttled');
    expect(refused.values.email).toBe(email);
    expect(await requestsOf(email)).toEqual([]);
    expect((await submit(valid(), { clientAddress: nextAddress(), limit })).status).toBe('sent');
  });

  it(`throttles one email address after ${POLI_REQUESTS_PER_EMAIL_PER_HOUR} requests an hour, from any client address`, async () => {
    const limit = freshLimiter();
    const email = uniqueEmail();
    const other = await poliTenant(prisma);
    // Spread over two passports so the open-request bound does not answer first.
    for (let i = 0; i < POLI_REQUESTS_PER_EMAIL_PER_HOUR; i += 1) {
      expect((await submit(valid(email), { limit, productId: i % 2 ? other.product.id : t.product.id })).status).toBe(
        'sent',
      );
    }
    expect((await submit(valid(email), { limit, productId: other.product.id })).status).toBe('throttled');
    expect(await requestsOf(email)).toHaveLength(POLI_REQUESTS_PER_EMAIL_PER_HOUR);
  });

  it(`keeps at most ${MAX_OPEN_REQUESTS} open requests per address and passport, answering a further one the same way`, async () => {
    const email = uniqueEmail();
    const answers = [];
    for (let i = 0; i < MAX_OPEN_REQUESTS + 1; i += 1) answers.push(await submit(valid(email)));
    expect(answers).toEqual(Array(MAX_OPEN_REQUESTS + 1).fill(SENT));
    expect(await requestsOf(email)).toHaveLength(MAX_OPEN_REQUESTS);
    expect(await prisma.emailOutbox.count({ where: { to: email } })).toBe(MAX_OPEN_REQUESTS);
  });

  it('answers the same for an address that already has access as for a new one', async () => {
    const { email } = await approvedRequest(prisma, t);
    expect(await submit(valid(email))).toEqual(await submit(valid(uniqueEmail())));
  });

  it('refuses a passport that is not published (a tampered product id) without storing anything', async () => {
    const draft = await createTestProduct(prisma, { companyId: t.company.id });
    const email = uniqueEmail();
    expect((await submit(valid(email), { productId: draft.id })).status).toBe('unavailable');
    expect((await submit(valid(email), { productId: 'not-a-uuid' })).status).toBe('unavailable');
    expect(await requestsOf(email)).toEqual([]);
  });
});
