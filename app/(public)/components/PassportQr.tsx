import QRCode from 'qrcode';
import styles from './viewer.module.css';

/** The passport's own address as a QR code, drawn on the server so the page needs no client script. */
export async function PassportQr({ url }: { url: string }) {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return (
    <section className={styles.section} aria-labelledby="qr-title">
      <h2 id="qr-title">QR code</h2>
      <div className={styles.qr}>
        {/* The SVG is the qrcode library's own output for our URL, not user markup. */}
        <div
          className={styles.qrImage}
          role="img"
          aria-label={`QR code linking to ${url}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from the passport's own address
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <p className={styles.qrUrl}>
          <a href={url}>{url}</a>
        </p>
      </div>
    </section>
  );
}
