'use client';

import { useId, useState } from 'react';
import s from '../portal.module.css';

/** Secrets shown exactly once: a warning, the values, and a copy button for each. */
export function RevealBox({ values }: { values: Record<string, string> }) {
  const [copied, setCopied] = useState<string | null>(null);
  // Two boxes can be on one page (a rotated key, then its rotated signing secret): ids must stay unique.
  const titleId = useId();
  return (
    <section className={s.reveal} aria-labelledby={titleId} data-testid="one-time-secret">
      <h2 id={titleId}>Copy these now</h2>
      <p>
        <strong>They are shown only this once and cannot be recovered.</strong> Store them in your secret manager; if
        you lose them, rotate or revoke and create new ones.
      </p>
      <dl>
        {Object.entries(values).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
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
                {copied === label ? 'Copied' : `Copy ${label.toLowerCase()}`}
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
