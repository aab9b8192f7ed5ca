import Link from 'next/link';
import { portalT } from '@/lib/portal/i18n';
import { portalLabels } from '@/lib/portal/labels';
import type { PassportDetail } from '@/lib/portal/passports/detail';
import p from '../passports.module.css';
import { StateBadge } from '../StateBadge';

/** Name, state, mode, version and identifiers, with the public address while the public surfaces answer. */
export async function PassportHeader({ product }: { product: PassportDetail['product'] }) {
  const [t, l] = await Promise.all([portalT('passports'), portalLabels()]);
  const kind = {
    standalone: t('header.kind.standalone'),
    model: t('header.kind.model'),
    item: t('header.kind.item'),
  } as const;
  const rows: [string, React.ReactNode][] = [
    [t('header.state'), <StateBadge key="state" state={product.publicState} />],
    [t('header.kindLabel'), kind[product.kind]],
    [t('header.mode'), product.mode === 'test' ? t('header.modeTest') : t('header.modeLive')],
    [t('header.publishedVersion'), product.version > 0 ? product.version : t('header.noneYet')],
    [t('header.category'), l.category(product.category)],
    [t('header.slug'), <code key="slug">{product.slug}</code>],
    [t('header.gtin'), product.gtin ?? '—'],
    [t('header.serialNumber'), product.serialNumber ?? '—'],
    [t('header.batchNumber'), product.batchNumber ?? '—'],
    [
      t('header.updated'),
      <time key="updated" dateTime={product.updatedAt}>
        {l.time(product.updatedAt)}
      </time>,
    ],
    [
      t('header.firstPublished'),
      product.publishedAt ? (
        <time key="published" dateTime={product.publishedAt}>
          {l.time(product.publishedAt)}
        </time>
      ) : (
        '—'
      ),
    ],
  ];
  return (
    <header>
      <p className={p.hint}>
        <Link href="/portal/passports">{t('list.title')}</Link> / {product.name}
      </p>
      <h1>{product.name}</h1>
      <dl className={p.summary} data-testid="passport-summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {product.urls.passport ? (
        <p>
          {t('header.publicPassport')}{' '}
          <a href={product.urls.passport} data-testid="public-link">
            {product.urls.passport}
          </a>
        </p>
      ) : null}
      {product.isDemo ? <p>{t('header.demo')}</p> : null}
      {product.state === 'DRAFT' && product.rejectionReason ? (
        <p data-testid="rejection-reason">{t('header.returned', { reason: product.rejectionReason })}</p>
      ) : null}
      {product.publicState === 'withdrawn' && product.withdrawalReason ? (
        <p>{t('header.withdrawn', { reason: product.withdrawalReason })}</p>
      ) : null}
    </header>
  );
}
