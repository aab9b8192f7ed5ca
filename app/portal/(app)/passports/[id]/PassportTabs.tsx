import Link from 'next/link';
import { portalT } from '@/lib/portal/i18n';
import p from '../passports.module.css';
import { PASSPORT_TABS, type PassportTab, tabHref } from './tabs';

/** Each tab's name in the operator's language. */
export async function tabLabels(): Promise<Record<PassportTab, string>> {
  const t = await portalT('passports');
  return {
    overview: t('tabs.overview'),
    data: t('tabs.data'),
    documents: t('tabs.documents'),
    versions: t('tabs.versions'),
    activity: t('tabs.activity'),
  };
}

/**
 * The page's tabs as plain links drawn on the server: each tab is an address of its own and works without
 * JavaScript. A navigation marking the current page, not an ARIA tablist (which would promise arrow keys).
 */
export async function PassportTabs({ productId, current }: { productId: string; current: PassportTab }) {
  const [t, labels] = await Promise.all([portalT('passports'), tabLabels()]);
  return (
    <nav aria-label={t('tabs.label')} className={p.tabs}>
      <ul>
        {PASSPORT_TABS.map(({ id }) => (
          <li key={id}>
            {/* No prefetch: each tab renders its own sections, and rendering the others ahead would undo the saving. */}
            <Link
              href={tabHref(productId, id)}
              prefetch={false}
              aria-current={id === current ? 'page' : undefined}
              data-tab={id}
            >
              {labels[id]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
