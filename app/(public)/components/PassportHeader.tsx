import type { I18n } from '@/lib/i18n/translator';
import type { PublicPassport } from '@/lib/passport/public/representations';
import styles from './viewer.module.css';

/**
 * Who made what, in which state and version: the first thing a person scanning the battery reads. The identity a
 * customs officer or a recycler checks against the label (model, GTIN, serial number or batch) is here, not deep in
 * a section.
 */
export function PassportHeader({
  passport,
  status,
  i18n,
}: {
  passport: PublicPassport;
  status: 'published' | 'withdrawn';
  i18n: I18n;
}) {
  const { t } = i18n;
  const { product, dpp } = passport;
  const manufacturer = typeof dpp.manufacturer.name === 'string' ? dpp.manufacturer.name : product.companyName;
  const model = typeof passport.fields.model_number === 'string' ? passport.fields.model_number : null;
  const rows: [string, string, React.ReactNode][] = [
    ...(model ? [['model', t('viewer.identity.model'), model] as [string, string, string]] : []),
    ...(product.gtin ? [['gtin', t('viewer.identity.gtin'), product.gtin] as [string, string, string]] : []),
    ...(product.serialNumber
      ? [['serial', t('viewer.identity.serial'), product.serialNumber] as [string, string, string]]
      : []),
    ...(product.batchNumber
      ? [['batch', t('viewer.identity.batch'), product.batchNumber] as [string, string, string]]
      : []),
    ['manufacturer', t('viewer.identity.manufacturer'), manufacturer],
    ['category', t('viewer.identity.category'), i18n.category(dpp.batteryCategory)],
    [
      'status',
      t('viewer.identity.status'),
      <>
        <span className={status === 'withdrawn' ? styles.badgeWithdrawn : styles.badgePublished}>
          {status === 'withdrawn' ? t('viewer.identity.withdrawn') : t('viewer.identity.published')}
        </span>{' '}
        <span className={styles.versionTag}>
          {t('viewer.identity.version')} <span data-testid="viewer-version">{dpp.version}</span>
        </span>
      </>,
    ],
  ];
  return (
    <header className={styles.header}>
      <p className={styles.kicker}>{t('viewer.kicker')}</p>
      <h1>{product.name}</h1>
      <dl className={styles.summary} aria-label={t('viewer.identity.title')}>
        {rows.map(([key, label, value]) => (
          <div key={key} data-identity={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {dpp.model ? (
        <p data-testid="built-on-model" className={styles.builtOn}>
          {t.rich('viewer.identity.builtOnModel', {
            name: dpp.model.name,
            version: dpp.model.version,
            link: (chunks) => <a href={`/dpp/${encodeURIComponent(dpp.model!.slug)}`}>{chunks}</a>,
          })}
        </p>
      ) : null}
    </header>
  );
}
