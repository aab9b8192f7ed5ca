'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'use-intl/react';
import s from '../portal.module.css';

/** The names the actions give what they reveal (English: the `data-secret` the tests and scripts read). */
const KNOWN: Record<string, string> = {
  'API key': 'apiKey',
  'Signing secret': 'signingSecret',
  'BMS secret': 'bmsSecret',
};

/** Secrets shown exactly once: a warning, the values, and a copy button for each, named in the operator's language. */
export function RevealBox({ values }: { values: Record<string, string> }) {
  const t = useTranslations('shell');
  const [copied, setCopied] = useState<string | null>(null);
  // Two boxes can be on one page (a rotated key, then its rotated signing secret): ids must stay unique.
  const titleId = useId();
  return (
    <section className={s.reveal} aria-labelledby={titleId} data-testid="one-time-secret">
      <h2 id={titleId}>{t('reveal.title')}</h2>
      <p>
        <strong>{t('reveal.warning')}</strong> {t('reveal.advice')}
      </p>
      <dl>
        {Object.entries(values).map(([label, value]) => (
          <div key={label}>
            <dt>{KNOWN[label] ? t(`reveal.labels.${KNOWN[label]}`) : label}</dt>
            <dd className={s.inline}>
              <code data-secret={label}>{value}</code>
              <button
                type="button"
                className={s.secondary}
                onClick={() =>
                  navigator.clipboard?.writeText(value).then(
                    () => setCopied(label),
                    () => setCopied(null),
                  )
                }
              >
                {copied === label
                  ? t('reveal.copied')
                  : KNOWN[label]
                    ? t(`reveal.copyLabel.${KNOWN[label]}`)
                    : t('reveal.copy', { label: label.toLowerCase() })}
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
