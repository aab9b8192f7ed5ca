import type { Config } from '../config';
import { type Db, prisma } from '../db/client';

/** The dev mailbox shows every mail, links and tokens included: development only, or a test server that opts in. */
export const devMailboxEnabled = (cfg: Pick<Config, 'NODE_ENV' | 'DEV_MAILBOX'>): boolean =>
  cfg.NODE_ENV !== 'production' || cfg.DEV_MAILBOX;

/** The newest mails of the outbox, whatever their status, optionally to one address. */
export function recentMails({ to, limit = 50, db = prisma }: { to?: string; limit?: number; db?: Db } = {}) {
  return db.emailOutbox.findMany({
    where: to ? { to: { equals: to.trim(), mode: 'insensitive' } } : {},
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: {
      id: true,
      to: true,
      subject: true,
      text: true,
      links: true,
      status: true,
      createdAt: true,
      sentAt: true,
      lastError: true,
    },
  });
}
