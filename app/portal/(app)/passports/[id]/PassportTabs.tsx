import Link from 'next/link';
import p from '../passports.module.css';
import { PASSPORT_TABS, type PassportTab, tabHref } from './tabs';

/**
 * The page's tabs as plain links drawn on the server: each tab is an address of its own and works without
 * JavaScript. A navigation marking the current page, not an ARIA tablist (which would promise arrow keys).
 */
export function PassportTabs({ productId, current }: { productId: string; current: PassportTab }) {
  return (
    <nav aria-label="Passport views" className={p.tabs}>
      <ul>
        {PASSPORT_TABS.map(({ id, label }) => (
          <li key={id}>
            {/* No prefetch: each tab renders its own sections, and rendering the others ahead would undo the saving. */}
            <Link
              href={tabHref(productId, id)}
              prefetch={false}
              aria-current={id === current ? 'page' : undefined}
              data-tab={id}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
