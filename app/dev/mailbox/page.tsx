import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { config } from '@/lib/config';
import { devMailboxEnabled, recentMails } from '@/lib/email/dev-mailbox';
import styles from './mailbox.module.css';

// The switch is read when a request comes, never at build time (a build would otherwise keep its 404).
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Development mailbox', robots: { index: false, follow: false } };

type SearchParams = Promise<{ to?: string | string[] }>;

/** Every mail the service wrote, newest first, for development without a mail provider (404 in production). */
export default async function MailboxPage({ searchParams }: { searchParams: SearchParams }) {
  if (!devMailboxEnabled(config())) notFound();
  const raw = (await searchParams).to;
  const to = typeof raw === 'string' && raw.trim() ? raw.trim() : undefined;
  const mails = await recentMails({ to });
  return (
    <main className={styles.page}>
      <h1>Development mailbox</h1>
      <p>
        The newest mails of the outbox{to ? ` to ${to}` : ''}, whatever their status. Without{' '}
        <code>RESEND_API_KEY</code> no mail leaves the service: it is held here.
      </p>
      <form method="get" className={styles.filter}>
        <label htmlFor="mailbox-to">Recipient</label>
        <input id="mailbox-to" name="to" type="email" defaultValue={to ?? ''} />
        <button type="submit">Show</button>
      </form>
      {mails.length === 0 && <p>No mail yet.</p>}
      <ol className={styles.mails}>
        {mails.map((m) => (
          <li key={m.id} data-mail-id={m.id}>
            <article aria-label={m.subject}>
              <h2>{m.subject}</h2>
              <dl>
                <dt>To</dt>
                <dd data-mail-to>{m.to}</dd>
                <dt>Written</dt>
                <dd>
                  <time dateTime={m.createdAt.toISOString()}>{m.createdAt.toISOString()}</time>
                </dd>
                <dt>Status</dt>
                <dd>
                  {m.status}
                  {m.lastError ? ` (${m.lastError})` : ''}
                </dd>
              </dl>
              {m.links.length > 0 && (
                <ul className={styles.links}>
                  {m.links.map((link) => (
                    <li key={link}>
                      <a href={link}>{link}</a>
                    </li>
                  ))}
                </ul>
              )}
              <pre className={styles.body}>{m.text}</pre>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
