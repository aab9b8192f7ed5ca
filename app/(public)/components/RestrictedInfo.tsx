import styles from './viewer.module.css';

/** Where the access request for restricted (PoLI-tier) fields will live; the passport shows public data only. */
export function RestrictedInfo() {
  return (
    <section id="restricted-access" className={styles.restricted} aria-labelledby="restricted-title">
      <h2 id="restricted-title">Restricted information</h2>
      <p>
        Some information in this passport, such as detailed composition, dismantling instructions and test reports,
        is restricted under Article 77 and Annex XIII of Regulation (EU) 2023/1542. Recyclers, repairers,
        remanufacturers, notified bodies and market surveillance authorities can request access from the
        manufacturer. The request form will be available on this page.
      </p>
    </section>
  );
}
