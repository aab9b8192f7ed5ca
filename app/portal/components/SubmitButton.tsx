'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import { useTranslations } from 'use-intl/react';
import s from '../portal.module.css';

/** Every button that starts work shows that it is working and cannot be pressed twice. */
export function SubmitButton({
  children,
  pendingText,
  variant = 'button',
  name,
  value,
}: {
  children: ReactNode;
  pendingText?: string;
  variant?: 'button' | 'secondary' | 'danger';
  name?: string;
  value?: string;
}) {
  const t = useTranslations('shell');
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={s[variant]} disabled={pending} aria-busy={pending} name={name} value={value}>
      {pending ? (pendingText ?? t('working')) : children}
    </button>
  );
}
