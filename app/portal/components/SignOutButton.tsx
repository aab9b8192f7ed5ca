'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { useTranslations } from 'use-intl/react';
import s from '../portal.module.css';

export function SignOutButton() {
  const t = useTranslations('shell');
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className={s.secondary}
      disabled={pending}
      aria-busy={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: '/portal/sign-in' });
      }}
    >
      {pending ? t('signingOut') : t('signOut')}
    </button>
  );
}
