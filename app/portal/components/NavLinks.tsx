'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useTranslations } from 'use-intl/react';
import s from '../portal.module.css';

export interface NavItem {
  href: string;
  label: string;
}

/**
 * The portal's sections; the current one is marked for assistive technology too. On a phone the list folds behind
 * a "Menu" button once client script runs (without it the list stays open), and folds again after each move.
 */
export function NavLinks({ items }: { items: NavItem[] }) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  const [scripted, setScripted] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setScripted(true), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu folds whenever the page changes
  useEffect(() => setOpen(false), [pathname]);
  const current = (href: string) =>
    href === '/portal' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  const here = items.find((item) => current(item.href));
  return (
    <>
      {scripted ? (
        <button
          type="button"
          className={s.menuButton}
          aria-expanded={open}
          aria-controls="portal-sections"
          onClick={() => setOpen((o) => !o)}
        >
          {t('menu')}
          {here ? <span className={s.menuHere}> · {here.label}</span> : null}
        </button>
      ) : null}
      <ul id="portal-sections" className={s.sections} data-folded={scripted && !open ? 'true' : undefined}>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={current(item.href) ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
