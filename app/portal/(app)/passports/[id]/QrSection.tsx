import { renderQr } from '@/lib/passport/public/representations';
import { portalT } from '@/lib/portal/i18n';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';

/** The QR code printed on the battery: its public address, previewed here and downloadable as SVG or PNG. */
export async function QrSection({ detail }: { detail: PassportDetail }) {
  const { product } = detail;
  const t = await portalT('passports');
  const address = product.urls.passport;
  const qr = (format: 'svg' | 'png') => `/api/dpp/${encodeURIComponent(product.slug)}/qr?format=${format}`;
  return (
    <section className={p.section} aria-labelledby="qr-title" id="qr">
      <h2 id="qr-title">{t('qr.title')}</h2>
      {address === null ? (
        <p>{product.mode === 'test' ? t('qr.sandbox') : t('qr.afterPublication')}</p>
      ) : (
        <div className={p.qr}>
          {/* The qrcode library's own SVG of our address, not user markup. */}
          <div
            className={p.qrImage}
            role="img"
            aria-label={t('qr.imageLabel', { address })}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from the passport's own address
            dangerouslySetInnerHTML={{ __html: String((await renderQr(address, 'svg')).body) }}
          />
          <div>
            <p>
              {t('qr.encodes')} <a href={address}>{address}</a>
            </p>
            <ul>
              <li>
                <a href={qr('svg')} download={`${product.slug}-qr.svg`} data-qr="svg">
                  {t('qr.downloadSvg')}
                </a>{' '}
                {t('qr.svgNote')}
              </li>
              <li>
                <a href={qr('png')} download={`${product.slug}-qr.png`} data-qr="png">
                  {t('qr.downloadPng')}
                </a>{' '}
                {t('qr.pngNote')}
              </li>
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
