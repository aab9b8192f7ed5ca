import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FakeResend } from '../../testing/email';
import { createTestCompany } from '../../testing/factories';
import { resetConfigForTests } from '../config';
import { disconnectPrisma, prisma } from '../db/client';
import { runEmailPass } from './delivery-pass';
import { queueEmail } from './outbox';
import { MAX_EMAIL_ATTEMPTS } from './schedule';
import { resendSender } from './sender';

const fakes: FakeResend[] = [];
const ENV_KEYS = ['RESEND_API_KEY', 'RESEND_BASE_URL', 'MAIL_FROM'] as const;

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
  for (const key of ENV_KEYS) delete process.env[key];
  resetConfigForTests();
});
afterAll(() => disconnectPrisma());

async function fakeResend() {
  const fake = await new FakeResend().start();
  fakes.push(fake);
  return fake;
}

/** A tenant with `count` mails queued the way every writer queues them: inside a transaction. */
async function tenantWithMail(count = 1) {
  const company = await createTestCompany(prisma);
  const ids: string[] = [];
  await prisma.$transaction(async (tx) => {
    for (let i = 0; i < count; i += 1) {
      const { id } = await queueEmail(tx, {
        companyId: company.id,
        to: `person${i}@recipient.example`,
        subject: `Subject ${i}`,
        text: `Text ${i}`,
        html: `<p>Text ${i}</p>`,
        links: [`http://localhost:3000/x/${i}`],
      });
      ids.push(id);
    }
  });
  return { companyId: company.id, ids };
}

const mailsOf = (companyId: string) =>
  prisma.emailOutbox.findMany({ where: { companyId }, orderBy: { subject: 'asc' } });

describe('the email worker', () => {
  it('without RESEND_API_KEY holds every pending mail (kept for the dev mailbox), sending nothing', async () => {
    const { companyId } = await tenantWithMail(2);
    const summary = await runEmailPass({ companyId });
    expect(summary).toEqual({ held: 2, attempted: 0, sent: 0, failed: 0 });
    const mails = await mailsOf(companyId);
    expect(mails.map((m) => [m.status, m.attempts, m.sentAt])).toEqual([
      ['HELD', 0, null],
      ['HELD', 0, null],
    ]);
    expect(mails[0].links).toEqual(['http://localhost:3000/x/0']);
  });

  it('with RESEND_API_KEY sends each mail through the Resend API (a local fake via RESEND_BASE_URL) from MAIL_FROM, once', async () => {
    const fake = await fakeResend();
    Object.assign(process.env, {
      RESEND_API_KEY: 're_test_key',
      RESEND_BASE_URL: fake.url,
      MAIL_FROM: 'Passports <passports@acme.example>',
    });
    resetConfigForTests();
    const { companyId, ids } = await tenantWithMail(2);

    expect(await runEmailPass({ companyId })).toEqual({ held: 0, attempted: 2, sent: 2, failed: 0 });

    expect(fake.calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/emails'],
      ['POST', '/emails'],
    ]);
    const [first] = fake.calls;
    expect(first.headers.authorization).toBe('Bearer re_test_key');
    expect(first.headers['idempotency-key']).toBe(`email-outbox/${ids[0]}`);
    expect(first.body).toMatchObject({
      from: 'Passports <passports@acme.example>',
      to: ['person0@recipient.example'],
      subject: 'Subject 0',
      text: 'Text 0',
      html: '<p>Text 0</p>',
    });
    const mails = await mailsOf(companyId);
    expect(mails.map((m) => [m.status, m.attempts, m.providerId, m.lastError, m.nextAttemptAt])).toEqual([
      ['SENT', 1, 're_fake_1', null, null],
      ['SENT', 1, 're_fake_2', null, null],
    ]);
    expect(mails.every((m) => m.sentAt instanceof Date)).toBe(true);
    // A second pass finds nothing due: a sent mail is never sent again.
    expect(await runEmailPass({ companyId })).toMatchObject({ attempted: 0 });
    expect(fake.calls).toHaveLength(2);
  });

  it('retries a failing provider on the schedule and marks the mail FAILED with the last error after the last attempt', async () => {
    const fake = await fakeResend();
    fake.mode = 'fail';
    const sender = await resendSender({ apiKey: 're_test_key', from: 'p@acme.example', baseUrl: fake.url });
    const { companyId, ids } = await tenantWithMail(1);
    const read = () => prisma.emailOutbox.findUniqueOrThrow({ where: { id: ids[0] } });

    let now = new Date('2026-11-23T10:00:00Z');
    expect(await runEmailPass({ companyId, sender, now })).toMatchObject({ attempted: 1, sent: 0, failed: 0 });
    let mail = await read();
    expect([mail.status, mail.attempts, mail.nextAttemptAt?.toISOString()]).toEqual([
      'PENDING',
      1,
      '2026-11-23T10:01:00.000Z',
    ]);
    expect(mail.lastError).toMatch(/internal_server_error \(500\): The fake provider is down\./);

    // Not due yet: nothing is attempted before the retry time.
    expect(await runEmailPass({ companyId, sender, now: new Date(now.getTime() + 30_000) })).toMatchObject({
      attempted: 0,
    });

    while (mail.status === 'PENDING') {
      now = mail.nextAttemptAt!;
      await runEmailPass({ companyId, sender, now });
      mail = await read();
    }
    expect([mail.status, mail.attempts, mail.nextAttemptAt]).toEqual(['FAILED', MAX_EMAIL_ATTEMPTS, null]);
    expect(mail.lastError).toMatch(/\(500\)/);
    expect(fake.calls).toHaveLength(MAX_EMAIL_ATTEMPTS);
    expect(new Set(fake.calls.map((c) => c.headers['idempotency-key']))).toEqual(new Set([`email-outbox/${ids[0]}`]));
  });

  it('fails a mail at once when the provider refuses it for good (422), without retrying', async () => {
    const fake = await fakeResend();
    fake.mode = 'refuse';
    const sender = await resendSender({ apiKey: 're_test_key', from: 'p@acme.example', baseUrl: fake.url });
    const { companyId, ids } = await tenantWithMail(1);
    expect(await runEmailPass({ companyId, sender })).toMatchObject({ attempted: 1, failed: 1 });
    const mail = await prisma.emailOutbox.findUniqueOrThrow({ where: { id: ids[0] } });
    expect([mail.status, mail.attempts, mail.nextAttemptAt]).toEqual(['FAILED', 1, null]);
    expect(mail.lastError).toMatch(/validation_error \(422\)/);
  });

  it('two workers at once send each mail once: a claimed mail is skipped by the other', async () => {
    const fake = await fakeResend();
    fake.delayMs = 100;
    const sender = await resendSender({ apiKey: 're_test_key', from: 'p@acme.example', baseUrl: fake.url });
    const { companyId } = await tenantWithMail(4);
    const [a, b] = await Promise.all([runEmailPass({ companyId, sender }), runEmailPass({ companyId, sender })]);
    expect(a.sent + b.sent).toBe(4);
    expect(fake.calls.map((c) => (c.body as { subject: string }).subject).sort()).toEqual([
      'Subject 0',
      'Subject 1',
      'Subject 2',
      'Subject 3',
    ]);
    expect((await mailsOf(companyId)).every((m) => m.status === 'SENT' && m.attempts === 1)).toBe(true);
  });
});
