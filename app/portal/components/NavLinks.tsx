'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

export interface NavItem {
  href: string;
  label: string;
}

/** The portal's sections; the current one is marked for assistive technology too. */
export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  const current = (href: string) =>
    href === '/portal' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <ul>
      {items.map((item) => (
        <li key={item.href}>
          <Link href={item.href} aria-current={current(item.href) ? 'page' : undefined}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
