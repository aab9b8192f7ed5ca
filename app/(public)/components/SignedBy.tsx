import type { PublicPassport } from '@/lib/passport/public/representations';
import { formatDate } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

/**
 * Who signed the served version, linking its credential (application/vc+jwt). Rendered on the server into the
 * stored page, so the link is there without script; absent for a version that has no credential yet.
 */
export function SignedBy({ passport }: { passport: PublicPassport }) {
  const { credential, product } = passport;
  if (!credential) return null;
  const explanation = `A W3C Verifiable Credential signed by ${product.companyName}. Anyone can verify it with the company's DID (did:web), whose public document lists its signing keys, for example with any VC-JOSE verifier.`;
  return (
    <p className={styles.signedBy} data-testid="signed-by">
      <a href={credential.url} type="application/vc+jwt" title={explanation}>
        Signed by {product.companyName} on <time dateTime={credential.signedAt}>{formatDate(credential.signedAt)}</time>
      </a>
      <br />
      <small>Anyone can verify this passport&apos;s signature with {product.companyName}&apos;s DID.</small>
    </p>
  );
}
