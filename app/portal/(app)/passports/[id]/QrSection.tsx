import { renderQr } from '@/lib/passport/public/representations';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';

/** The QR code printed on the battery: its public address, previewed here and downloadable as SVG or PNG. */
export async function QrSection({ detail }: { detail: PassportDetail }) {
  const { product } = detail;
  const address = product.urls.passport;
  const qr = (format: 'svg' | 'png') => `/api/dpp/${encodeURIComponent(product.slug)}/qr?format=${format}`;
  return (
    <section className={p.section} aria-labelledby="qr-title" id="qr">
      <h2 id="qr-title">QR code</h2>
      {address === null ? (
        <p>
          {product.mode === 'test'
            ? 'Sandbox passports are never public, so they have no QR code.'
            : 'The QR code appears after publication: it encodes the public address of the passport.'}
        </p>
      ) : (
        <div className={p.qr}>
          {/* The qrcode library's own SVG of our address, not user markup. */}
          <div
            className={p.qrImage}
            role="img"
            aria-label={`QR code linking to ${address}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from the passport's own address
            dangerouslySetInnerHTML={{ __html: String((await renderQr(address, 'svg')).body) }}
          />
          <div>
            <p>
              Encodes <a href={address}>{address}</a>
            </p>
            <ul>
              <li>
                <a href={qr('svg')} download={`${product.slug}-qr.svg`} data-qr="svg">
                  Download SVG
                </a>{' '}
                (vector, for print)
              </li>
              <li>
                <a href={qr('png')} download={`${product.slug}-qr.png`} data-qr="png">
                  Download PNG
                </a>{' '}
                (8 pixels per module)
              </li>
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
