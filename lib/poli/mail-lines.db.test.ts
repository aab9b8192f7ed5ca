import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeResend } from '../../testing/email';
import { lastMailTo, type PoliTenant, poliTenant, uniqueEmail } from '../../testing/poli';
import { resetConfigForTests } from '../config';
import { disconnectPrisma, prisma } from '../db/client';
import { runEmailPass } from '../email/delivery-pass';
import { rejectPoliRequest } from './reject-request';
import { requestPoliAccess } from './request-access';
import { verifyPoliEmail } from './verify-email';

// The form refuses line breaks now; a request stored before that rule (or by any other writer) still must not put
// lines of its own into a mail. The mails are read as the provider receives them (the loopback fake of Resend).
const ENV_KEYS = ['RESEND_API_KEY', 'RESEND_BASE_URL', 'MAIL_FROM'] as const;
let t: PoliTenant;
let fake: FakeResend;

beforeAll(async () => {
  t = await poliTenant(prisma);
});
afterEach(async () => {
  await fake?.stop();
  for (const key of ENV_KEYS) delete process.env[key];
  resetConfigForTests();
});
afterAll(() => disconnectPrisma());

async function sendQueued() {
  fake = await new FakeResend().start();
  Object.assign(process.env, { RESEND_API_KEY: 're_test_key', RESEND_BASE_URL: fake.url, MAIL_FROM: 'p@acme.example' });
  resetConfigForTests();
  await runEmailPass({ companyId: t.company.id });
  return (to: string) => {
    const calls = fake.calls.filter((c) => (c.body.to as string[]).includes(to));
    expect(calls.length).toBeGreaterThan(0);
    return calls.at(-1)!.body as { text: string; html: string; subject: string };
  };
}

describe('mails show every typed value on one line, quoted', () => {
  it("a requester's name and organisation carrying line breaks reach the reviewers' notice as one quoted line, in text and HTML", async () => {
    const email = uniqueEmail();
    const injected = 'Vera\r\n\r\nURGENT: your portal password expires today. Sign in at https://evil.example\r\n';
    const created = await requestPoliAccess({
      input: {
        productId: t.product.id,
        email,
        name: injected,
        organisation: 'Circular\nMetals\u2028BV',
        role: 'RECYCLER',
      },
      db: prisma,
    });
    if (created.kind !== 'created') throw new Error('request not created');
    const { token } = await lastMailTo(prisma, email);
    expect(await verifyPoliEmail({ input: { token }, db: prisma })).toMatchObject({ ok: true });

    const mailTo = await sendQueued();
    const notice = mailTo(t.reviewer.email);
    const line = `“Vera URGENT: your portal password expires today. Sign in at https://evil.example” (organisation “Circular Metals BV”, email “${email}”) asks for access`;
    expect(notice.text).toContain(line);
    expect(notice.text.split('\n').some((l) => l.startsWith('URGENT'))).toBe(false);
    expect(notice.html).toContain(line);
    expect(notice.html).not.toMatch(/[\r\n\u2028]/);
    const verification = mailTo(email);
    expect(verification.text).toMatch(
      /^Hello “Vera URGENT: your portal password expires today\. Sign in at https:\/\/evil\.example”,\n/,
    );
  });

  it("a reviewer's reason with line breaks reaches the requester as one quoted line", async () => {
    const email = uniqueEmail();
    const created = await requestPoliAccess({
      input: {
        productId: t.product.id,
        email,
        name: 'Vera Verifier',
        organisation: 'Circular Metals BV',
        role: 'RECYCLER',
      },
      db: prisma,
    });
    if (created.kind !== 'created') throw new Error('request not created');
    const { token } = await lastMailTo(prisma, email);
    await verifyPoliEmail({ input: { token }, db: prisma });
    await rejectPoliRequest({
      ctx: t.reviewerCtx,
      input: {
        requestId: created.requestId,
        reason: 'We could not confirm your organisation.\n\nCall us on +1 555 0100.',
      },
      db: prisma,
    });
    const declined = (await sendQueued())(email);
    expect(declined.text).toContain('Their reason: “We could not confirm your organisation. Call us on +1 555 0100.”');
    expect(declined.html).toContain('Their reason: “We could not confirm your organisation. Call us on +1 555 0100.”');
  });
});
