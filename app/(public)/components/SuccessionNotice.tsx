import type { I18n } from '@/lib/i18n/translator';
import type { PublicSuccession } from '@/lib/passport/public/representations';
import styles from './viewer.module.css';

/**
 * A battery handed over between operators (Art. 77(7) of Regulation (EU) 2023/1542): the original says what became
 * of it and which passport it goes on under ("succeeded by"; an address its operator stated is shown as such, not
 * as a verified link), the successor names the passport it continues ("predecessor").
 */
export function SuccessionNotice({ succession, i18n }: { succession: PublicSuccession; i18n: I18n }) {
  const { t, fmt } = i18n;
  const { successor, predecessor } = succession;
  return (
    <section className={styles.notice} aria-labelledby="succession-title" data-testid="succession-notice">
      {succession.status && (
        <>
          <h2 id="succession-title">{t('notices.succession.title', { reason: succession.status })}</h2>
          {succession.handedOverAt && (
            <p>
              <time dateTime={succession.handedOverAt}>
                {t('notices.succession.handedOver', { date: fmt.formatDate(succession.handedOverAt) })}
              </time>
            </p>
          )}
          {successor?.verified && (
            <p>
              {t.rich('notices.succession.succeededBy', {
                name: successor.name ?? successor.url,
                link: (chunks) => (
                  <a href={successor.url} rel="successor-version" data-testid="succession-successor">
                    {chunks}
                  </a>
                ),
              })}
            </p>
          )}
          {successor && !successor.verified && (
            <p data-testid="succession-stated">
              {t('notices.succession.stated')} <span>{successor.url}</span>
            </p>
          )}
        </>
      )}
      {predecessor && (
        <>
          {!succession.status && (
            <h2 id="succession-title">{t('notices.succession.predecessorTitle', { reason: predecessor.reason })}</h2>
          )}
          <p>
            {t.rich('notices.succession.predecessor', {
              name: predecessor.name ?? predecessor.url,
              reason: predecessor.reason,
              link: (chunks) => (
                <a href={predecessor.url} rel="predecessor-version" data-testid="succession-predecessor">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </>
      )}
    </section>
  );
}
