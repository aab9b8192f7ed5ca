import Link from 'next/link';
import { EmptyState } from '@/app/portal/components/EmptyState';
import s from '@/app/portal/portal.module.css';
import c from './charts.module.css';

export interface AttentionItem {
  count: number;
  one: string;
  many: string;
  href: string;
}

/** One card per thing waiting for an operator, the whole card a link to where it is handled. */
export function AttentionCards({ items }: { items: AttentionItem[] }) {
  if (items.every((i) => i.count === 0)) return <EmptyState>Nothing needs your attention today.</EmptyState>;
  return (
    <ul className={`${s.cards} ${c.attention}`}>
      {items.map((item) => (
        <li key={item.href} className={`${s.card} ${item.count === 0 ? c.zero : c.hot}`}>
          <Link href={item.href}>
            <strong>{item.count}</strong> <span>{item.count === 1 ? item.one : item.many}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
