import styles from './viewer.module.css';

export function PassportFooter() {
  return (
    <footer className={styles.footer}>
      <p>Field schemas derived from the Battery Pass consortium&apos;s Data Attribute Longlist v1.2 (CC BY 4.0).</p>
    </footer>
  );
}
