import type { PublicSuccession } from '@/lib/passport/public/representations';
import { formatDate } from '@/lib/schema/value-format';
import styles from './viewer.module.css';

const REASON_LABEL = {
  prepared_for_reuse: 'Prepared for re-use',
  repurposed: 'Repurposed',
  remanufactured: 'Remanufactured',
} as const;

/**
 * A battery handed over between operators (Art. 77(7) of Regulation (EU) 2023/1542): the original says what became
 * of it and which passport it goes on under ("succeeded by"; an address its operator stated is shown as such, not
 * as a verified link), the successor names the passport it continues ("predecessor").
 */
export function SuccessionNotice({ succession }: { succession: PublicSuccession }) {
  const { successor, predecessor } = succession;
  return (
    <section className={styles.notice} aria-labelledby="succession-title" data-testid="succession-notice">
      {succession.status && (
        <>
          <h2 id="succession-title">{REASON_LABEL[succession.status]}: this battery has a new passport</h2>
          {succession.handedOverAt && (
            <p>
              Handed over on <time dateTime={succession.handedOverAt}>{formatDate(succession.handedOverAt)}</time>. This
              passport stays readable as the battery's record before the handover.
            </p>
          )}
          {successor?.verified && (
            <p>
              Succeeded by{' '}
              <a href={successor.url} rel="successor-version" data-testid="succession-successor">
                {successor.name ?? successor.url}
              </a>
              .
            </p>
          )}
          {successor && !successor.verified && (
            <p data-testid="succession-stated">
              Succeeded by a passport outside this service, stated by the previous operator (not verified):{' '}
              <span>{successor.url}</span>
            </p>
          )}
        </>
      )}
      {predecessor && (
        <>
          {!succession.status && <h2 id="succession-title">{REASON_LABEL[predecessor.reason]} battery</h2>}
          <p>
            Predecessor:{' '}
            <a href={predecessor.url} rel="predecessor-version" data-testid="succession-predecessor">
              {predecessor.name ?? predecessor.url}
            </a>{' '}
            (the battery's passport before it was {REASON_LABEL[predecessor.reason].toLowerCase()}).
          </p>
        </>
      )}
    </section>
  );
}
