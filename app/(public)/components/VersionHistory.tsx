import type { I18n } from '@/lib/i18n/translator';
import { type PublicPassport, publicVersionChanges } from '@/lib/passport/public/representations';
import { sha256Prefix } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

/**
 * Every published version as people read it ("Version 3, published 12 March 2026", and which public fields it
 * changed), newest first, the served one marked; the JSON of each version and its fingerprint are behind "For
 * developers". Snapshots are only served while the passport is published, so a withdrawn passport lists its versions
 * without links.
 */
export async function VersionHistory({
  passport,
  linked,
  i18n,
}: {
  passport: PublicPassport;
  linked: boolean;
  i18n: I18n;
}) {
  const { t, fmt } = i18n;
  const { schema, versions } = passport;
  const { id: productId, slug } = passport.product;
  const current = passport.dpp.version;
  const changes = await publicVersionChanges(productId, current, schema);
  const changedText = (version: number) => {
    const ids = changes.get(version);
    if (!ids) return null;
    if (ids.length === 0) return t('viewer.versions.unchanged');
    const labels = ids.map((id) => {
      const field = schema.fields.find((f) => f.id === id);
      return field ? i18n.label(field) : id;
    });
    return t('viewer.versions.changed', { fields: labels.join(', ') });
  };
  const newestFirst = [...versions].reverse();
  return (
    <section className={styles.section} aria-labelledby="versions-title">
      <h2 id="versions-title">{t('viewer.versions.title')}</h2>
      <ol className={styles.versions} reversed>
        {newestFirst.map((v) => (
          <li key={v.version} data-version={v.version}>
            <span className={styles.versionName}>
              {t('viewer.versions.item', { version: v.version, date: fmt.formatDate(v.publishedAt.slice(0, 10)) })}
            </span>
            {v.version === current && <span className={styles.versionTag}>{t('viewer.versions.current')}</span>}
            {v.version === 1 ? (
              <span className={styles.versionNote}>{t('viewer.versions.first')}</span>
            ) : (
              changedText(v.version) && <span className={styles.versionNote}>{changedText(v.version)}</span>
            )}
          </li>
        ))}
      </ol>
      <details className={styles.developers}>
        <summary>{t('viewer.versions.developers')}</summary>
        <ul>
          {newestFirst.map((v) => (
            <li key={v.version}>
              {linked ? (
                <a href={`/api/dpp/${encodeURIComponent(slug)}/v/${v.version}`} type="application/json">
                  {t('viewer.versions.json', { version: v.version })}
                </a>
              ) : (
                t('viewer.versions.json', { version: v.version })
              )}{' '}
              <time dateTime={v.publishedAt}>{fmt.formatDate(v.publishedAt)}</time> · {t('viewer.versions.sha')}{' '}
              <code title={v.sha256}>{sha256Prefix(v.sha256)}…</code>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
