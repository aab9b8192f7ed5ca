import { PoliRequestForm } from './PoliRequestForm';
import styles from './viewer.module.css';

/** The access request for restricted (PoLI-tier) fields: who may ask, and the form to ask with. */
export function RestrictedInfo({ productId, companyName }: { productId: string; companyName: string }) {
  return (
    <section id="restricted-access" className={styles.restricted} aria-labelledby="restricted-title">
      <h2 id="restricted-title">Restricted information</h2>
      <p>
        Some information in this passport, such as detailed composition, dismantling instructions and test reports, is
        restricted under Article 77 and Annex XIII of Regulation (EU) 2023/1542. Recyclers, repairers, remanufacturers,
        notified bodies and market surveillance authorities can request access from the manufacturer, {companyName}.
      </p>
      <p>
        We send a link to confirm your email address. Once you confirm it, {companyName} reviews your request and
        answers by email; an approval comes with a link that opens the restricted information in your browser.
      </p>
      <PoliRequestForm productId={productId} companyName={companyName} />
    </section>
  );
}
