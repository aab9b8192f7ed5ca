import { config } from '../config';
import { type Db, prisma } from '../db/client';
import { Prisma } from '../db/generated/client';
import { MAX_EMAIL_ATTEMPTS, nextEmailAttemptAt } from './schedule';
import { type EmailSender, resendSender } from './sender';

export interface EmailPassOptions {
  now?: Date;
  db?: Db;
  /** The provider; by default Resend when RESEND_API_KEY is set, else none (mail is held for the dev mailbox). */
  sender?: EmailSender | null;
  batch?: number;
  /** One tenant's mail only: tests run the pass beside other tenants' mail in a shared database. */
  companyId?: string;
}

export interface EmailPassSummary {
  held: number;
  attempted: number;
  sent: number;
  failed: number;
}

// A claimed mail is not due again for this long, so a second worker skips it and a crashed worker's claim lapses.
const CLAIM_MS = 5 * 60_000;

async function defaultSender(): Promise<EmailSender | null> {
  const cfg = config();
  return cfg.RESEND_API_KEY
    ? resendSender({ apiKey: cfg.RESEND_API_KEY, from: cfg.MAIL_FROM, baseUrl: cfg.RESEND_BASE_URL })
    : null;
}

/** Claims due PENDING mails, oldest first, so that no other worker attempts them meanwhile. */
async function claimDue(db: Db, now: Date, batch: number, companyId?: string): Promise<string[]> {
  const tenant = companyId ? Prisma.sql`AND "companyId" = ${companyId}::uuid` : Prisma.empty;
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "EmailOutbox" SET "nextAttemptAt" = ${new Date(now.getTime() + CLAIM_MS)}
    WHERE "id" IN (
      SELECT "id" FROM "EmailOutbox"
      WHERE "status" = 'PENDING' AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" <= ${now}) ${tenant}
      ORDER BY "createdAt", "id" LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    RETURNING "id"`;
  return rows.map((r) => r.id);
}

/**
 * One pass of the email worker. Without a provider every pending mail is HELD (it stays readable in the dev
 * mailbox and the admin CLI). With one, each due mail is sent; a failure is retried on the schedule, and after the
 * last attempt, or at once for a refusal that cannot change, the mail is FAILED with the error kept.
 */
export async function runEmailPass(options: EmailPassOptions = {}): Promise<EmailPassSummary> {
  const { now = new Date(), db = prisma, batch = 20, companyId } = options;
  const sender = options.sender === undefined ? await defaultSender() : options.sender;
  const summary: EmailPassSummary = { held: 0, attempted: 0, sent: 0, failed: 0 };
  if (!sender) {
    const where: Prisma.EmailOutboxWhereInput = { status: 'PENDING', ...(companyId ? { companyId } : {}) };
    summary.held = (await db.emailOutbox.updateMany({ where, data: { status: 'HELD', nextAttemptAt: null } })).count;
    return summary;
  }
  const ids = await claimDue(db, now, batch, companyId);
  const due = await db.emailOutbox.findMany({
    where: { id: { in: ids } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  for (const mail of due) {
    summary.attempted += 1;
    const attempts = mail.attempts + 1;
    const result = await sender
      .send(mail)
      .catch((err: unknown) => ({ ok: false as const, error: String(err).slice(0, 500), permanent: false }));
    if (result.ok) {
      summary.sent += 1;
      await db.emailOutbox.update({
        where: { id: mail.id },
        data: {
          status: 'SENT',
          attempts,
          sentAt: new Date(),
          providerId: result.providerId,
          lastError: null,
          nextAttemptAt: null,
        },
      });
      continue;
    }
    const retryAt = result.permanent || attempts >= MAX_EMAIL_ATTEMPTS ? null : nextEmailAttemptAt(attempts, now);
    if (!retryAt) summary.failed += 1;
    await db.emailOutbox.update({
      where: { id: mail.id },
      data: { attempts, lastError: result.error, nextAttemptAt: retryAt, ...(retryAt ? {} : { status: 'FAILED' }) },
    });
  }
  return summary;
}
