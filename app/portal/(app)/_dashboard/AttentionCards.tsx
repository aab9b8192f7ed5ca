import Link from 'next/link';
import { EmptyState } from '@/app/portal/components/EmptyState';
import s from '@/app/portal/portal.module.css';
import c from './charts.module.css';

export interface AttentionItem {
  count: number;
  /** What is counted, in the count's grammatical number ("passports awaiting review"). */
  text: string;
  href: string;
}

/** One card per thing waiting for an operator, the whole card a link to where it is handled. */
export function AttentionCards({ items, none }: { items: AttentionItem[]; none: string }) {
  if (items.every((i) => i.count === 0)) return <EmptyState>{none}</EmptyState>;
  return (
    <ul className={`${s.cards} ${c.attention}`}>
      {items.map((item) => (
        <li key={item.href} className={`${s.card} ${item.count === 0 ? c.zero : c.hot}`}>
          <Link href={item.href}>
            <strong>{item.count}</strong> <span>{item.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
