'use client';

import { useTranslations } from 'use-intl/react';

/** Work done out of a total, as an accessible progress bar with its label and the numbers in words beside it. */
export function ProgressBar({
  id,
  label,
  value,
  max,
}: {
  id: string;
  label: string;
  value: number;
  /** Unknown (null) while the total is not known yet: the bar is indeterminate. */
  max: number | null;
}) {
  const t = useTranslations('shell');
  const text = max === null ? t('progress.soFar', { value }) : t('progress.of', { value, max });
  return (
    <div>
      <label htmlFor={id}>{label}</label>{' '}
      {max === null ? (
        <progress id={id} aria-valuetext={text} />
      ) : (
        <progress id={id} value={value} max={Math.max(max, 1)} aria-valuetext={text} />
      )}{' '}
      <span>{text}</span>
    </div>
  );
}
