import type { Metadata } from 'next';
import styles from '../../components/viewer.module.css';

export const metadata: Metadata = { title: 'This link is not valid', robots: { index: false } };

/** Where a used, expired, revoked or mistyped PoLI link ends; which of them it was is not said. */
export default function InvalidLinkPage() {
  return (
    <main className={styles.page}>
      <h1>This link is not valid</h1>
      <p>
        Links in our emails work once and only for a limited time: a confirmation link for 24 hours, an access link for
        7 days. This one has been used already, has expired, was withdrawn, or was not copied completely.
      </p>
      <p>
        If you still need the restricted information, open the battery passport (scan the QR code on the battery) and
        send a new request from its page.
      </p>
    </main>
  );
}
