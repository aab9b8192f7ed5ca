import QRCode from 'qrcode';
import type { I18n } from '@/lib/i18n/translator';
import styles from './viewer.module.css';

/**
 * The passport's own address near the top: its QR code (drawn on the server, so the page needs no script), the
 * address to copy, and a mail to share it with.
 */
export async function ShareBox({ url, name, i18n }: { url: string; name: string; i18n: I18n }) {
  const { t } = i18n;
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  const mail = `mailto:?subject=${encodeURIComponent(t('viewer.share.emailSubject', { name }))}&body=${encodeURIComponent(url)}`;
  return (
    <section id="share" className={styles.share} aria-labelledby="share-title">
      <h2 id="share-title">{t('viewer.share.title')}</h2>
      <div className={styles.shareBody}>
        <div
          className={styles.qrImage}
          role="img"
          aria-label={t('viewer.share.qrLabel', { url })}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from the passport's own address
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <div>
          <p className={styles.shareHint}>{t('viewer.share.hint')}</p>
          <p className={styles.qrUrl}>
            <a href={url}>{url}</a>
          </p>
          <p>
            <a href={mail}>{t('viewer.share.email')}</a>
          </p>
        </div>
      </div>
    </section>
  );
}
